import Foundation
import TgtDomain
import TgtTDLib

/// An in-process stand-in for Telegram that speaks TDLib's JSON interface, so `TDClient` and
/// everything above it run unchanged against it. It backs tests, benchmarks and `--demo`.
///
/// What it mirrors from real TDLib (held to it by the contract tests): the start sequence
/// (`updateOption` version, then `authorizationStateWaitTdlibParameters`), the authorization
/// states, 401 "Unauthorized" before login, 400 "Call to X unexpected" in the wrong state,
/// `loadChats` pages ending in 404, temporary message ids confirmed by
/// `updateMessageSendSucceeded`/`Failed`, 429 "Too Many Requests: retry after N", and the
/// closing sequence. A logged-in session is remembered in the database directory, as TDLib does.
public final class TelegramSimulator: TDJSONTransport, @unchecked Sendable {
    // @unchecked: all mutable state is guarded by `lock`/`outboxReady`; handlers run on `queue`.
    static let sessionFileName = "tgt-simulator-session.json"

    private let lock = NSLock()
    private var scenario: SimulatorScenario
    private var clients: [Int32: SimClient] = [:]
    private var nextClientID: Int32 = 0
    private var nextMessageID: Int64 = 1 << 20
    private var floodAttempts: [Int64: Int] = [:]
    private var outageHeld: [(Int32, [String: Any])] = []
    /// Server-side work (a send's verdict) that came due during an outage, run when it ends.
    private var outageDeferred: [@Sendable () -> Void] = []
    private var inOutage = false
    private(set) var requestLog: [String] = []
    /// People whose full info TDLib has fetched (by a `canSendMessageToUser` over the network):
    /// until then, like TDLib, the local answer says messages to them are free.
    private var fullInfoFetched: Set<Int64> = []

    private let outboxReady = NSCondition()
    /// Messages accepted and not yet confirmed (what `getMessage` and `deleteMessages` see of them).
    let pendingSends = SimulatorPendingSends()
    let downloadsInFlight = SimulatorDownloadsInFlight()
    private var outbox: [String] = []
    let meter: SimulatorMeter
    let queue: MeteredQueue
    /// Answers `td_execute` (e.g. parseTextEntities) with real TDLib when given.
    private let executor: (any TDJSONTransport)?
    /// The server's clock: when scheduled messages are posted, when the other side reads and
    /// replies. Network latency stays on the wall clock (it is not a time of day).
    public let clock: any AppClock

    /// A simulator of `scenario`; `executor` (normally the real libtdjson) answers synchronous
    /// requests such as Markdown parsing, which need no server. `clock` is the server's clock.
    public init(scenario: SimulatorScenario = SimulatorScenario(), executor: (any TDJSONTransport)? = nil,
                clock: any AppClock)
    {
        self.scenario = scenario
        self.executor = executor
        self.clock = clock
        let meter = SimulatorMeter()
        self.meter = meter
        queue = MeteredQueue(label: "tgt.simulator", meter: meter)
    }

    // MARK: - TDJSONTransport

    public func createClientID() -> Int32 {
        lock.withLock {
            nextClientID += 1
            clients[nextClientID] = SimClient()
            return nextClientID
        }
    }

    public func send(clientID: Int32, request: String) {
        meter.measure {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(request.utf8))) as? [String: Any] else { return }
            let box = SimJSON(object)
            queue.async { self.accept(clientID: clientID, request: box.value) }
        }
    }

    /// The CPU time the simulator's own code has taken so far, in seconds (parsing requests and
    /// all it runs on its queue): benchmarks report it as a share of the process's CPU time.
    public var cpuSeconds: Double { meter.seconds }

    /// The CPU time of the whole process so far, in seconds (the denominator of that share).
    public static func processCPUSeconds() -> Double { SimulatorMeter.processCPUSeconds() }

    public func receive(timeout: Double) -> String? {
        meter.measure { next(timeout: timeout) }
    }

    private func next(timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        outboxReady.lock()
        defer { outboxReady.unlock() }
        while outbox.isEmpty {
            if !outboxReady.wait(until: deadline) { return nil }
        }
        return outbox.removeFirst()
    }

    public func execute(_ request: String) -> String? {
        if let executor { return executor.execute(request) }
        let object = (try? JSONSerialization.jsonObject(with: Data(request.utf8))) as? [String: Any]
        return Self.json(Self.error(400, "The simulator has no TDLib to run \(object?["@type"] as? String ?? "this request") synchronously"))
    }

    // MARK: - Controls for tests and demo mode

    /// Confirms a pending QR login, as scanning the code on another device would.
    public func confirmQRLogin() {
        queue.async {
            for (id, client) in self.lock.withLock({ self.clients }) where client.auth == "authorizationStateWaitOtherDeviceConfirmation" {
                self.afterCredentials(id)
            }
        }
    }

    /// Starts or ends a network outage: connection state goes to waiting-for-network and
    /// requests that need Telegram's servers wait until it ends.
    public func setOutage(_ on: Bool) {
        queue.async {
            let (ids, held, deferred) = self.lock.withLock { () -> ([Int32], [(Int32, [String: Any])], [@Sendable () -> Void]) in
                self.inOutage = on
                let held = on ? [] : self.outageHeld
                let deferred = on ? [] : self.outageDeferred
                if !on {
                    self.outageHeld.removeAll()
                    self.outageDeferred.removeAll()
                }
                return (Array(self.clients.keys), held, deferred)
            }
            for id in ids where self.lock.withLock({ self.clients[id]?.started == true }) {
                self.emitConnection(id, on ? "connectionStateWaitingForNetwork" : "connectionStateReady")
            }
            for (id, request) in held { self.handleNetworked(id, request) }
            for work in deferred { work() }
        }
    }

    /// Changes how sends to `chatID` behave from now on.
    public func setSendBehaviour(_ behaviour: SendBehaviour, for chatID: Int64) {
        lock.withLock {
            scenario.sendBehaviours[chatID] = behaviour
            floodAttempts[chatID] = 0
        }
    }

    /// A person sets (or lifts, with 0) a price on messages to them: every logged-in client gets
    /// the `updateUser`, as Telegram announces it.
    public func setMessagePrice(_ stars: Int64, forPerson userID: Int64) {
        let person: SimulatedPerson? = lock.withLock {
            guard let index = scenario.people.firstIndex(where: { $0.id == userID }) else { return nil }
            scenario.people[index].paidMessageStars = stars
            return scenario.people[index]
        }
        guard let person else { return }
        let ids = lock.withLock { clients.filter { !$0.value.closed && $0.value.auth == "authorizationStateReady" }.map(\.key) }
        for id in ids.sorted() { emitUpdate(id, ["@type": "updateUser", "user": SimObjects.person(person)]) }
    }

    /// Changes the latency of requests that need Telegram's servers.
    public func setLatency(_ seconds: Double) { lock.withLock { scenario.latency = seconds } }

    /// The simulated account (for tests that log in).
    public var account: SimulatedAccount { lock.withLock { scenario.account } }

    /// The `@type` of every request received so far, in order (for tests and benchmarks).
    public var receivedRequests: [String] { lock.withLock { requestLog } }

    /// Records that the person's full info was fetched; returns whether it was known before.
    func fetchFullInfo(_ userID: Int64, onlyLocal: Bool) -> Bool {
        lock.withLock {
            let known = fullInfoFetched.contains(userID)
            if !onlyLocal { fullInfoFetched.insert(userID) }
            return known || !onlyLocal
        }
    }

    /// Messages accepted for delivery: (chat id, topic id, text or "location:LAT,LON", silent).
    public var deliveredMessages: [SimulatedDelivery] { lock.withLock { deliveries } }
    private var deliveries: [SimulatedDelivery] = []
    /// `sendChatAction`s taken, oldest first (bounded).
    private var sentChatActions: [SentChatAction] = []

    /// Keeps one `sendChatAction` (the last 1,000).
    func recordChatAction(_ action: SentChatAction) {
        lock.withLock {
            if sentChatActions.count >= 1000 { sentChatActions.removeFirst(500) }
            sentChatActions.append(action)
        }
    }

    /// The `sendChatAction`s taken so far, oldest first.
    public var chatActionsSent: [SentChatAction] { lock.withLock { sentChatActions } }
    private var outboxes: [String: SimulatorOutbox] = [:]

    /// Every message delivered from the database directory `directory` by any process that
    /// used it (the simulator keeps this "server side" on disk, for tests that kill processes).
    public static func deliveredMessages(inDatabaseDirectory directory: URL) -> [SimulatedDelivery] {
        SimulatorOutbox.readDelivered(directory: directory.path).map { record in
            SimulatedDelivery(chatID: int64(record["chat_id"]), topicID: record["topic_id"].map { Int32(truncatingIfNeeded: int64($0)) },
                              content: record["content"] as? String ?? "", silent: record["silent"] as? Bool ?? false)
        }
    }

    /// How many messages the database directory's outbox (TDLib's binlog) still holds: accepted,
    /// with no verdict yet. Read without changing the files, for tests that kill a process
    /// while it sends.
    public static func pendingMessageCount(inDatabaseDirectory directory: URL) -> Int {
        SimulatorOutbox(directory: directory.path, repairingTornTail: false).entries.count
    }

    private var schedules: [String: SimulatorSchedule] = [:]
    private var chatHistories: [String: SimulatorHistory] = [:]
    /// Unread counts as last counted, so the next count walks only what arrived since.
    private var unreadTallies: [String: UnreadTally] = [:]
    func unreadTally(_ key: String) -> UnreadTally? { lock.withLock { unreadTallies[key] } }
    func setUnreadTally(_ tally: UnreadTally, for key: String) { lock.withLock { unreadTallies[key] = tally } }

    /// Runs `body` on the conversation history of `directory` (loaded from disk on first use).
    func withHistory<T>(_ directory: String, _ body: (inout SimulatorHistory) -> T) -> T {
        lock.withLock {
            // In place: a copy out of the dictionary would copy every chat's history per change.
            body(&chatHistories[directory, default: SimulatorHistory(directory: directory)])
        }
    }
    private var wakeUps: [String: Int32] = [:]

    /// Whether a wake-up at `date` is needed for `directory` (none armed, or a later one).
    func claimWakeUp(_ directory: String, at date: Int32) -> Bool {
        lock.withLock {
            if let armed = wakeUps[directory], armed <= date { return false }
            wakeUps[directory] = date
            return true
        }
    }

    /// The wake-up at `date` fired.
    func releaseWakeUp(_ directory: String, at date: Int32) {
        lock.withLock { if wakeUps[directory] == date { wakeUps[directory] = nil } }
    }

    /// Runs `body` on the scheduled messages of `directory` (loaded from disk on first use).
    func withSchedule<T>(_ directory: String, _ body: (inout SimulatorSchedule) -> T) -> T {
        lock.withLock {
            var schedule = schedules[directory] ?? SimulatorSchedule(directory: directory)
            defer { schedules[directory] = schedule }
            return body(&schedule)
        }
    }

    /// Sends an update to every open client on `directory` (one account's "server" updates).
    func emitToDirectory(_ directory: String, _ object: [String: Any]) {
        let ids = lock.withLock { clients.filter { $0.value.databaseDirectory == directory && !$0.value.closed && $0.value.auth == "authorizationStateReady" }.map(\.key) }
        for id in ids.sorted() { emitUpdate(id, object) }
    }

    /// Scheduled messages waiting on the "server" of `directory` (for tests): chat, text, date.
    public func scheduledMessages(inDatabaseDirectory directory: URL) -> [(chatID: Int64, content: String, sendDate: Int32)] {
        withSchedule(directory.path) { $0.entries.map { ($0.chatID, $0.described, $0.sendDate) } }
    }

    /// Deletes a scheduled message as another Telegram app of the same account would.
    public func deleteScheduledElsewhere(inDatabaseDirectory directory: URL, chatID: Int64, content: String) {
        queue.async {
            let ids = self.withSchedule(directory.path) { $0.entries(inChat: chatID).filter { $0.described == content }.map(\.messageID) }
            let gone = self.withSchedule(directory.path) { $0.remove(chatID: chatID, messageIDs: ids) }
            if !gone.isEmpty {
                self.emitToDirectory(directory.path, ["@type": "updateDeleteMessages", "chat_id": chatID, "message_ids": gone, "is_permanent": true, "from_cache": false])
            }
        }
    }

    /// Runs `body` on the outbox of `directory` (loaded from disk on first use).
    func withOutbox<T>(_ directory: String, _ body: (inout SimulatorOutbox) -> T) -> T {
        lock.withLock {
            // In place: a copy out of the dictionary would copy every pending entry and delivered key per change.
            body(&outboxes[directory, default: SimulatorOutbox(directory: directory)])
        }
    }

    // MARK: - Dispatch

    private func accept(clientID id: Int32, request: [String: Any]) {
        let type = request["@type"] as? String ?? ""
        let isFirst = lock.withLock { () -> Bool in
            requestLog.append(type)
            guard var c = clients[id], !c.closed else { return false }
            defer { clients[id] = c }
            if c.started { return false }
            c.started = true
            return true
        }
        if isFirst {
            emitUpdate(id, ["@type": "updateOption", "name": "version", "value": ["@type": "optionValueString", "value": "1.8.69"]])
            emitUpdate(id, ["@type": "updateOption", "name": "commit_hash", "value": ["@type": "optionValueString", "value": "simulator"]])
            setAuth(id, "authorizationStateWaitTdlibParameters")
        }
        if lock.withLock({ clients[id]?.closed ?? true }) {
            respond(id, request, Self.error(500, "Request aborted"))
            return
        }
        guard SimHandlers.isKnown(type) else {
            respond(id, request, Self.error(400, "Failed to parse JSON object as TDLib request: Unknown class \"\(type)\""))
            return
        }
        if SimHandlers.offline.contains(type) {
            handleOffline(id, request)
            return
        }
        let locality = SimulatedRequestLocality.of(request)
        let (latency, held) = lock.withLock { () -> (Double, Bool) in
            // Like TDLib without a network: local answers still come; the rest waits for it.
            let held = inOutage && locality == .server
            if held { outageHeld.append((id, request)) }
            return (scenario.latency, held)
        }
        if held { return }
        // What TDLib answers from its own state is answered now; only server round trips wait.
        if latency > 0, locality == .server {
            let box = SimJSON(request)
            queue.asyncAfter(deadline: .now() + latency) { self.handleNetworked(id, box.value) }
        } else {
            handleNetworked(id, request)
        }
    }

    private func handleOffline(_ id: Int32, _ request: [String: Any]) {
        let type = request["@type"] as? String ?? ""
        let auth = lock.withLock { clients[id]?.auth ?? "" }
        switch type {
        case "setOption":
            // Like TDLib: a writable option (`online`) takes a value of its type; others are refused.
            let name = request["name"] as? String ?? ""
            let value = (request["value"] as? [String: Any])?["@type"] as? String
            guard name == "online", value == "optionValueBoolean" else { return respond(id, request, Self.error(400, "Option can't be set")) }
            respond(id, request, ["@type": "ok"])
        case "getOption":
            let name = request["name"] as? String ?? ""
            switch name {
            case "version": respond(id, request, ["@type": "optionValueString", "value": "1.8.69"])
            case "message_text_length_max": respond(id, request, ["@type": "optionValueInteger", "value": "4096"])
            default: respond(id, request, ["@type": "optionValueEmpty"])
            }
        case "setLogVerbosityLevel", "setLogStream":
            respond(id, request, ["@type": "ok"])
        case "setTdlibParameters":
            guard auth == "authorizationStateWaitTdlibParameters" else { return unexpected(id, request) }
            guard (request["api_id"] as? Int ?? 0) > 0, !(request["api_hash"] as? String ?? "").isEmpty else {
                return respond(id, request, Self.error(400, "Valid api_id must be provided. Can be obtained at https://my.telegram.org"))
            }
            let dir = request["database_directory"] as? String ?? ""
            lock.withLock { clients[id]?.databaseDirectory = dir }
            takeUpContacts(dir)
            emitUpdate(id, ["@type": "updateOption", "name": "message_text_length_max", "value": ["@type": "optionValueInteger", "value": "4096"]])
            if hasSession(dir) {
                emitConnection(id, "connectionStateConnecting")
                emitUser(id)
                emitChatFolders(id)
                setAuth(id, "authorizationStateReady")
                respond(id, request, ["@type": "ok"])
                emitConnection(id, lock.withLock { inOutage } ? "connectionStateWaitingForNetwork" : "connectionStateReady")
                resendOutbox(id, directory: dir)
                // What came due while no client ran was posted by "Telegram" meanwhile.
                postDue(dir)
                deliverDuePending(dir)
                rearmPending(dir)
                armSchedule(dir)
            } else {
                setAuth(id, "authorizationStateWaitPhoneNumber")
                respond(id, request, ["@type": "ok"])
                emitConnection(id, lock.withLock { inOutage } ? "connectionStateWaitingForNetwork" : "connectionStateConnecting")
            }
        case "close":
            respond(id, request, ["@type": "ok"])
            setAuth(id, "authorizationStateClosing")
            finishClose(id)
        default:
            respond(id, request, Self.error(400, "Failed to parse JSON object as TDLib request: Unknown class \"\(type)\""))
        }
    }

    private func handleNetworked(_ id: Int32, _ request: [String: Any]) {
        guard lock.withLock({ clients[id].map { !$0.closed } ?? false }) else { return }
        let type = request["@type"] as? String ?? ""
        if SimHandlers.authFunctions.contains(type) {
            handleAuth(id, request, type: type)
        } else if lock.withLock({ clients[id]?.auth }) != "authorizationStateReady" {
            respond(id, request, Self.error(401, "Unauthorized"))
        } else {
            handleReady(id, request, type: type)
        }
    }

    // MARK: - Helpers used by the handler extensions

    func unexpected(_ id: Int32, _ request: [String: Any]) {
        respond(id, request, Self.error(400, "Call to \(request["@type"] as? String ?? "") unexpected"))
    }

    func client(_ id: Int32) -> SimClient? { lock.withLock { clients[id] } }
    func updateClient(_ id: Int32, _ body: (inout SimClient) -> Void) {
        lock.withLock {
            if var c = clients[id] {
                body(&c)
                clients[id] = c
            }
        }
    }
    var currentScenario: SimulatorScenario { lock.withLock { scenario } }

    /// Changes the scenario under the lock (people and chats that appear while it runs).
    func withScenario<T>(_ body: (inout SimulatorScenario) -> T) -> T { lock.withLock { body(&scenario) } }
    func newMessageID() -> Int64 { lock.withLock { nextMessageID += 1; return nextMessageID } }
    /// A temporary id above both `floor` and every id handed out before (so none repeats, and
    /// later ones are higher), offset by `serial` so a restart's ids differ from the last run's.
    func newTemporaryID(above floor: Int64, serial: Int64) -> Int64 {
        lock.withLock {
            nextMessageID = max(nextMessageID, floor) + 1 + (serial & 0x7FFFF)
            return nextMessageID
        }
    }
    func recordDelivery(_ d: SimulatedDelivery) {
        var d = d
        d.at = clock.now
        lock.withLock { deliveries.append(d) }
    }
    func floodAttempt(_ chatID: Int64) -> Int {
        lock.withLock {
            floodAttempts[chatID, default: 0] += 1
            return floodAttempts[chatID, default: 0]
        }
    }
    var outage: Bool { lock.withLock { inOutage } }

    /// Runs server-side `work` now, or when the outage ends if there is one (on the queue).
    func whenOnline(_ work: @escaping @Sendable () -> Void) {
        let now = lock.withLock { () -> Bool in
            if inOutage { outageDeferred.append(work) }
            return !inOutage
        }
        if now { work() }
    }
    func schedule(after seconds: Double, _ work: @escaping @Sendable () -> Void) {
        queue.asyncAfter(deadline: .now() + seconds, execute: work)
    }
    /// Runs `work` on the simulator's queue once the server's clock reaches `date`.
    func wake(at date: Date, _ work: @escaping @Sendable () -> Void) {
        let queue = self.queue
        clock.schedule(at: date) { queue.async(execute: work) }
    }
    /// The server's time, in whole Unix seconds as Telegram's dates are.
    func unixNow() -> Int32 { Int32(clock.now.timeIntervalSince1970) }

    func setAuth(_ id: Int32, _ type: String, _ fields: [String: Any] = [:]) {
        updateClient(id) { $0.auth = type }
        var state = fields
        state["@type"] = type
        emitUpdate(id, ["@type": "updateAuthorizationState", "authorization_state": state])
    }

    func emitConnection(_ id: Int32, _ state: String) {
        emitUpdate(id, ["@type": "updateConnectionState", "state": ["@type": state]])
    }

    func emitUser(_ id: Int32) {
        emitUpdate(id, ["@type": "updateOption", "name": "my_id", "value": ["@type": "optionValueInteger", "value": String(currentScenario.account.userID)]])
        emitUpdate(id, ["@type": "updateUser", "user": SimObjects.user(currentScenario.account)])
        // TDLib describes every user a chat or message mentions before it (updateUser).
        for person in currentScenario.people { emitUpdate(id, ["@type": "updateUser", "user": personObject(person)]) }
    }

    func finishClose(_ id: Int32) {
        updateClient(id) { $0.closed = true }
        setAuth(id, "authorizationStateClosed")
    }

    func respond(_ id: Int32, _ request: [String: Any], _ object: [String: Any]) {
        var o = object
        if let extra = request["@extra"] { o["@extra"] = extra }
        push(id, o)
    }

    /// An answer already written as JSON (a message that an update carries too): `@client_id`
    /// and `@extra` go in front of its fields.
    func respond(_ id: Int32, _ request: [String: Any], json: SimulatorJSON.Fragment) {
        var head: [String: Any] = ["@client_id": Int(id)]
        if let extra = request["@extra"] { head["@extra"] = extra }
        var text = Self.json(head)
        text.removeLast()
        let fields = json.text.dropFirst()
        text += fields.first == "}" ? "}" : "," + fields
        deliver(text)
    }

    func emitUpdate(_ id: Int32, _ object: [String: Any]) { push(id, object) }

    private func push(_ id: Int32, _ object: [String: Any]) {
        var o = object
        o["@client_id"] = Int(id)
        deliver(Self.json(o))
    }

    /// Hands one JSON text to the client's next `receive`.
    private func deliver(_ text: String) {
        outboxReady.lock()
        outbox.append(text)
        outboxReady.signal()
        outboxReady.unlock()
    }

    static func json(_ object: [String: Any]) -> String {
        SimulatorJSON.serialize(object)
    }

    static func error(_ code: Int, _ message: String) -> [String: Any] {
        ["@type": "error", "code": code, "message": message]
    }

    // MARK: - Sessions

    func hasSession(_ dir: String) -> Bool {
        FileManager.default.fileExists(atPath: "\(dir)/\(Self.sessionFileName)")
    }

    func saveSession(_ id: Int32) {
        guard let dir = client(id)?.databaseDirectory, !dir.isEmpty else { return }
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let data = Data(#"{"user_id":\#(currentScenario.account.userID)}"#.utf8)
        _ = FileManager.default.createFile(atPath: "\(dir)/\(Self.sessionFileName)", contents: data, attributes: [.posixPermissions: 0o600])
    }

    func dropSession(_ id: Int32) {
        guard let dir = client(id)?.databaseDirectory, !dir.isEmpty else { return }
        try? FileManager.default.removeItem(atPath: "\(dir)/\(Self.sessionFileName)")
        // Logging out drops TDLib's database, and with it the messages it was still sending.
        withOutbox(dir) { $0.dropPending() }
    }
}

/// Per-client state of the simulator.
struct SimClient {
    var started = false
    var closed = false
    var auth = ""
    var databaseDirectory = ""
    var loadedChats = 0
    var loadedArchive = 0
    /// How far `loadChats` went in each chat folder.
    var loadedFolders: [Int32: Int] = [:]
    /// Chats this client was told about with `updateNewChat` by `loadChats`.
    var announced: Set<Int64> = []
    /// Chats whose history this client asked for (the first answer holds one message).
    var historyAsked: Set<Int64> = []
    var openChats: Set<Int64> = []
}

/// A message the simulator accepted.
public struct SimulatedDelivery: Sendable, Equatable {
    public var chatID: Int64
    public var topicID: Int32?
    /// The message text, or "location:LAT,LON" for a location.
    public var content: String
    public var silent: Bool
    /// When the simulator delivered it (posted it, for a scheduled message), on its clock; nil
    /// when read back from the on-disk log, which keeps no time.
    public var at: Date?
}

/// A parsed JSON object moved between the simulator's queues. JSONSerialization's output is
/// never mutated after parsing, which is what makes sharing it safe.
struct SimJSON: @unchecked Sendable {
    let value: [String: Any]
    init(_ value: [String: Any]) { self.value = value }
}

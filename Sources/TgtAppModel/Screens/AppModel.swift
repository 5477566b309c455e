import Foundation
import Logging
import Observation
import TgtApplication
import TgtDomain

/// The app's root: which screen shows (credentials, login, main tabs), the connection badge,
/// and every way a send starts (a tap, a widget, CarPlay, Siri, a `tgtemplates://` link).
///
/// It owns the one `LiveSession`, which holds TDLib's folder lock for the app's lifetime and
/// starts or restarts one client at a time, so two TDLib clients never run at once.
@Observable @MainActor
public final class AppModel {
    public enum Route: Sendable, Equatable {
        case starting
        case credentials
        case login
        case main
        /// TDLib did not start; the text says why.
        case unavailable(AppText)
    }

    /// How a tap from outside the app (widget, CarPlay, Siri, link) ended.
    public enum TapOutcome: Sendable, Equatable {
        case finished(JobOutcome)
        /// Kept in the queue, to go out by itself later; and why not now.
        case queued(SendJob, QueuedBecause)
        case notFound
        case failed(AppText)
    }

    /// Why a tap stayed in the queue.
    public enum QueuedBecause: Sendable, Equatable {
        /// No Telegram login yet (or no API credentials): it goes out after the login.
        case notLoggedIn
        /// Logged in, but Telegram did not answer within the surface's deadline (offline, or
        /// slow): it goes out as soon as the app is connected.
        case notConnected
        /// The tap ran where the app could not start (the widget extension, or a start that
        /// failed): it goes out the next time the app runs.
        case appNotRunning
    }

    /// A tap's outcome, reduced to what a voice or car screen says about it.
    public enum TapSummary: Sendable, Equatable {
        case sent
        case partly(sent: Int, of: Int)
        /// Nothing went out; the first reason.
        case failed(String)
        case waitingForLogin
        /// Queued until Telegram can be reached (or the app runs again).
        case waitingForConnection
        case notFound
        /// Taken back during its undo hold: nothing was sent.
        case undone
    }

    public private(set) var route: Route = .starting
    public private(set) var connection: AppText = AppText.connection(nil)
    public private(set) var isConnected = false

    public let credentials = CredentialsModel()
    public let login: LoginModel
    public let templates: TemplateListModel
    public let timers: TimerListModel
    /// The Repeating screen.
    public let series: SeriesListModel
    /// The Follow-ups screen, and which taps Follow up… can be set on.
    public let followUps: FollowUpListModel
    public let settings: SettingsModel
    /// The Chats tab (followed while logged in, so its badge is current).
    public let chats: ChatListModel
    /// Arriving and leaving: the watched places and what a crossing sends.
    public let places: PlacesModel
    /// New messages told while the app runs, and the icon's badge.
    public let alerts: MessageAlerts
    /// Snippets left as typed, told once (a banner, or a notification in the background).
    public let snippetNotices: SnippetNotices
    /// A chat to show now (a message alert was tapped); nil once the shell has shown it.
    public internal(set) var chatToOpen: Int64?
    /// Chats' photos fetched so far (`chatPhoto`), by their file.
    @ObservationIgnored var chatPhotos: [Int32: URL] = [:]

    @ObservationIgnored public let services: AppServices
    @ObservationIgnored public let host: LiveSession
    @ObservationIgnored public let queue: SendQueueRunner
    @ObservationIgnored public let widgets: WidgetRefresher
    @ObservationIgnored private var listeners: [Task<Void, Never>] = []
    /// Taps waiting for the route to leave `.starting` (woken by `updateRoute` or their deadline).
    @ObservationIgnored private var routeWaiters: [UUID: CheckedContinuation<Void, Never>] = [:]
    @ObservationIgnored private let logger = Logger(label: "tgt.app")

    /// Takes TDLib's folder (or fails saying which process holds it).
    public init(services: AppServices) throws(TelegramError) {
        self.services = services
        host = try LiveSession(connection: services.connection, workspace: services.workspace)
        queue = SendQueueRunner(host: host, workspace: services.workspace,
                                location: LocationResolver(provider: services.location, workspace: services.workspace, timeout: services.locationTimeout,
                                                          clock: services.clock),
                                clock: services.clock)
        widgets = WidgetRefresher(workspace: services.workspace, reloader: services.widgets)
        login = LoginModel(host: host)
        templates = TemplateListModel(workspace: services.workspace)
        timers = TimerListModel(workspace: services.workspace)
        series = SeriesListModel(workspace: services.workspace, clock: services.clock)
        followUps = FollowUpListModel(workspace: services.workspace)
        chats = ChatListModel(host: host)
        alerts = MessageAlerts(host: host, alerting: services.messageAlerts)
        snippetNotices = SnippetNotices(workspace: services.workspace, alerting: services.messageAlerts)
        places = PlacesModel(workspace: services.workspace, monitor: services.places, clock: services.clock)
        timers.changed = { [widgets] in widgets.refreshIfChanged() }
        settings = SettingsModel(workspace: services.workspace, host: host, location: services.location, version: services.appVersion)
        templates.sentDisplayDuration = services.sentDisplayDuration
        templates.enqueue = { [weak self] id, values throws(StoreError) in
            guard let self else { return }
            try await self.enqueue(templateID: id, source: .app, variables: values)
        }
        templates.changed = { [weak self] in self?.templatesChanged() }
        places.send = { [weak self] id in
            guard let self else { return .notFound }
            return await self.tap(templateID: id, source: .place)
        }
        templates.undoHeld = { [weak self] batch in self?.undo(batchID: batch) }
        credentials.onSave = { [weak self] saved throws(StoreError) in
            guard let self else { return }
            try await self.host.saveCredentials(saved)
            await self.updateRoute()
        }
    }

    /// What to show when `init` failed.
    public static func startupFailure(_ error: TelegramError) -> AppText {
        if case .sessionInUse(let pid, _) = error { return AppText("app.inUse", pid.map(String.init) ?? "?") }
        return AppText("app.startFailed", error.message)
    }

    /// Starts everything: notes sends an earlier run left half-done, starts TDLib when the
    /// credentials are there, and sends what waits in the queue once logged in.
    public func start() async {
        await queue.recoverInterrupted()
        listen()
        templates.reload()
        timers.reload()
        series.reload()
        followUps.reload()
        snippetNotices.check()  // one left as typed while nothing told it
        widgets.refreshIfChanged()
        await places.refresh()
        await host.start()
        await updateRoute()
    }

    /// Stops listening, lets sends in flight finish (a little) and closes TDLib.
    public func shutdown() async {
        for listener in listeners { listener.cancel() }
        listeners.removeAll()
        chats.stopFollowing()
        await alerts.stop()
        await host.shutdown(grace: 5)
    }

    // MARK: - Sends from anywhere

    /// Adds a send to the shared queue and starts the queue if logged in.
    @discardableResult
    public func enqueue(templateID: UUID, source: SendJobSource, variables: [String: String] = [:]) async throws(StoreError) -> SendJob {
        let job = try services.workspace.sendQueue.enqueue(templateID: templateID, source: source, variables: variables)
        if case .idle = templates.state(of: templateID) { templates.markQueued(templateID) }
        widgets.refreshIfChanged()
        let queue = self.queue
        Task { await queue.drain() }
        return job
    }

    /// A tap from a widget, CarPlay, Siri or a link: queued, then (when logged in) sent, and
    /// the outcome returned once Telegram has answered, or `.queued` after the surface's
    /// deadline (`SendJob.Source.policy`); the job then goes out by itself later.
    ///
    /// In a background launch (a widget button or Siri started the app) TDLib is still
    /// starting: the tap waits for it within the same deadline before it decides.
    ///
    /// A tap whose send waits out the undo hold says so through `held` as the hold starts
    /// (CarPlay's alert with Undo); the hold's seconds do not count against the deadline.
    public func tap(templateID: UUID, source: SendJobSource, timeout: Double? = nil,
                    held: (@MainActor @Sendable (HeldTap) -> Void)? = nil) async -> TapOutcome {
        let clock = services.clock
        var deadline = clock.now.addingTimeInterval(timeout ?? source.policy.answerDeadline)
        if let hold = try? services.workspace.sendRules.hold(for: SendSource(source)) { deadline.addTimeInterval(hold.duration) }
        let outcomes = queue.outcomes.subscribe(replayingCurrent: false)
        let holds = queue.holds.subscribe(replayingCurrent: false)
        let job: SendJob
        do {
            job = try await enqueue(templateID: templateID, source: source)
        } catch .templateNotFound {
            return .notFound
        } catch {
            return .failed(.failure(error))
        }
        await waitWhileStarting(until: deadline)
        guard route == .main else { return .queued(job, queuedReason) }
        let waiter = Task { () -> JobOutcome? in
            for await outcome in outcomes where outcome.job.id == job.id { return outcome }
            return nil
        }
        let holdWatcher = Task {
            for await tap in holds where tap.jobID == job.id {
                held?(tap)
                return
            }
        }
        defer { holdWatcher.cancel() }
        let timer = Task {
            do { try await clock.sleep(until: deadline) } catch { return }
            waiter.cancel()
        }
        defer { timer.cancel() }
        if let outcome = await waiter.value { return .finished(outcome) }
        // Not sent yet (logged out meanwhile, or Telegram is slow): it stays in the queue.
        let current = ((try? services.workspace.sendQueue.job(job.id)) ?? nil) ?? job
        return .queued(current, queuedReason)
    }

    /// Why a tap that did not go out stays queued, from where the app stands now.
    private var queuedReason: QueuedBecause {
        switch route {
        case .main, .starting: .notConnected
        case .credentials, .login: .notLoggedIn
        case .unavailable: .appNotRunning
        }
    }

    /// Waits until the route is no longer `.starting` (TDLib opening its database and
    /// reporting the login state: `updateRoute` wakes it), or until `deadline` on the clock.
    private func waitWhileStarting(until deadline: Date) async {
        await updateRoute()
        while route == .starting, services.clock.now < deadline, !Task.isCancelled {
            let id = UUID()
            let alarm = Task { [clock = services.clock] in
                try? await clock.sleep(until: deadline)
                self.wakeRouteWaiter(id)
            }
            await withCheckedContinuation { routeWaiters[id] = $0 }
            alarm.cancel()
        }
    }

    private func wakeRouteWaiter(_ id: UUID) {
        routeWaiters.removeValue(forKey: id)?.resume()
    }

    /// What `outcome` comes to.
    public nonisolated static func summary(of outcome: TapOutcome) -> TapSummary {
        switch outcome {
        case .finished(let done):
            switch done.result {
            case .sent(let report) where report.allSent: .sent
            case .sent(let report) where report.sentCount > 0: .partly(sent: report.sentCount, of: report.results.count)
            case .sent(let report): .failed(report.results.first { $0.error != nil }?.error ?? "")
            case .failed(let why): .failed(why.description)
            case .undone: .undone
            }
        case .queued(_, .notLoggedIn): .waitingForLogin
        case .queued(_, .notConnected), .queued(_, .appNotRunning): .waitingForConnection
        case .notFound: .notFound
        case .failed(let why): .failed(why.description)
        }
    }

    /// Opens a `tgtemplates://send?id=…` link: the template is queued like any tap.
    public func open(_ url: URL) async -> TapOutcome {
        guard case .send(let id)? = DeepLink(url: url) else { return .failed(AppText("link.invalid")) }
        return await tap(templateID: id, source: .deepLink)
    }

    /// Takes back a tap in its undo hold, from the grid, a widget's Undo or CarPlay's alert:
    /// nothing of it reaches Telegram. Nil when there was nothing to take back.
    @discardableResult
    public func undo(batchID: UUID) -> UndoOutcome? {
        do {
            let outcome = try services.workspace.sendHold.undo(batch: batchID)
            widgets.refreshIfChanged()
            return outcome
        } catch {
            return nil
        }
    }

    // MARK: - Editing

    /// An editor for a new template (nil) or an existing one.
    public func editor(for template: Template?) -> EditorModel {
        let editor = EditorModel(template: template, workspace: services.workspace, host: host, location: services.location)
        // The grid follows the store's change feed; the widgets are told at once.
        editor.saved = { [weak self] _ in self?.templatesChanged() }
        return editor
    }

    // MARK: - Timers

    /// One timer's screen.
    public func timerDetail(for timer: CountdownTimer) -> TimerDetailModel {
        let detail = TimerDetailModel(timer: timer, workspace: services.workspace, clock: services.clock)
        detail.changed = { [weak self] in self?.widgets.refreshIfChanged() }
        return detail
    }

    /// "Repeat" for a Telegram template: a rule prefilled with `suggested`'s weekday and time.
    public func repeatEditor(for template: Template, suggested: Date? = nil) -> RepeatEditorModel {
        RepeatEditorModel(template: template, workspace: services.workspace, clock: services.clock, suggested: suggested)
    }

    /// An editor for a new timer (nil) or an existing one.
    public func timerEditor(for timer: CountdownTimer?) -> TimerEditorModel {
        let editor = TimerEditorModel(timer: timer, workspace: services.workspace)
        editor.saved = { [weak self] _ in self?.widgets.refreshIfChanged() }
        return editor
    }

    /// After a template change made here: redraw widgets. Other screens
    /// hear of it from the store (`storeChanges`), as they do of any process's change.
    private func templatesChanged() {
        widgets.refreshIfChanged()
    }

    /// A change in the store, by this app, a widget, Siri, the watch or a `tgt` command: the
    /// screens that show it reload, and the widgets redraw if they need to.
    private func storeChanged(_ changes: Set<StoreChange>) {
        if changes.contains(.templates) {
            templates.reload()
            // The watched circles follow the templates, whichever face edited them.
            let places = self.places
            Task { await places.refresh() }
        }
        if changes.contains(.timers) || changes.contains(.scheduledSends) { timers.reload() }
        if changes.contains(.scheduledSends) { series.reload() }
        if changes.contains(.scheduledSends) || changes.contains(.sends) { followUps.reload() }
        if changes.contains(.sends) { snippetsChanged() }
        widgets.refreshIfChanged()
    }

    // MARK: - Following the session

    private func listen() {
        guard listeners.isEmpty else { return }
        let events = host.events(replayingCurrent: false)
        let outcomes = queue.outcomes.subscribe(replayingCurrent: false)
        let storeChanges = host.storeChanges()
        listeners.append(Task { [weak self] in
            for await event in events { await self?.handle(event) }
        })
        listeners.append(Task { [weak self] in
            for await changes in storeChanges { self?.storeChanged(changes) }
        })
        listeners.append(Task { [weak self] in
            for await outcome in outcomes {
                self?.templates.finish(outcome)
                self?.followUps.note(outcome)
                self?.widgets.refreshIfChanged()
            }
        })
        // Follow-ups are judged and acted on while the app runs (cancelled with the listeners).
        listeners.append(Task { [host] in await host.watchFollowUps() })
        // So are snippets typed in any Telegram app (told: AppModel+Snippets.swift).
        listeners.append(Task { [host] in await host.watchForSnippets() })
        let holds = queue.holds.subscribe(replayingCurrent: false)
        listeners.append(Task { [weak self] in
            for await tap in holds {
                self?.templates.markHeld(tap)
                self?.widgets.refreshIfChanged()
            }
        })
    }

    private func handle(_ event: SessionEvent) async {
        switch event {
        case .connection(let state):
            connection = AppText.connection(state)
            isConnected = state == .ready
            settings.connection = connection
            if state == .ready { await queue.drain() }
        case .login:
            // The session's current state, not the event's: events queued behind a step the
            // login screen has already reached must not move it back.
            await updateRoute()
        case .send(let templateID, let progress):
            templates.apply(progress, to: templateID)
            // The first progress of a job follows its move to `sending` in the queue.
            widgets.refreshIfChanged()
        case .chat:
            break
        }
    }

    /// Works out the screen from the credentials and the login state.
    func updateRoute() async {
        let previous = route
        defer {
            if route != previous {
                let waiting = routeWaiters
                routeWaiters = [:]
                for waiter in waiting.values { waiter.resume() }
            }
        }
        if !(await host.hasCredentials) {
            route = .credentials
        } else if let step = await host.state(accountName: false).step {
            login.show(step)
            switch step {
            case .ready: route = .main
            case .starting, .loggingOut, .closed: route = .starting
            default: route = .login
            }
        } else if let error = await host.lastStartError {
            route = .unavailable(AppText("app.startFailed", error.message))
        } else {
            route = .starting
        }
        if route == .main, previous != .main {
            templates.reload()
            timers.reload()
            await settings.reload()
            chats.follow()
            alerts.follow()
            await chats.reload()
            await queue.drain()
        } else if route != .main, previous == .main {
            chats.stopFollowing()
            await alerts.stop()
            chatToOpen = nil
            chatPhotos = [:]
            await settings.reload()
        }
    }
}

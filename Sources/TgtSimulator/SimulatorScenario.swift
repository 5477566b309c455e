/// What the simulated Telegram contains: an account, its chats, and how sends behave.
public struct SimulatorScenario: Sendable {
    public var account: SimulatedAccount
    public var chats: [SimulatedChat]
    /// How sends to a chat behave; chats not listed succeed.
    public var sendBehaviours: [Int64: SendBehaviour]
    /// Round-trip time added to every request that needs Telegram's servers, in seconds.
    public var latency: Double
    /// Seconds after which a QR login is confirmed "on another device" (nil: only by `confirmQRLogin`).
    public var autoConfirmQRAfter: Double?
    /// Scheduled messages a chat may hold (Telegram's limit is 100; tests lower it to make
    /// Telegram refuse half-way through a batch).
    public var scheduledPerChatLimit = 100
    /// The people who write in the chats (sent as `updateUser` after login).
    public var people: [SimulatedPerson] = SimulatorScenario.demoPeople
    /// What each chat already holds, by chat id (chats not listed are empty).
    public var histories: [Int64: SimulatedHistory]
    /// Who answers our messages, by chat id.
    public var repliers: [Int64: SimulatedReplier] = SimulatorScenario.demoRepliers
    /// The account's other apps are online until this Unix time (nil: offline).
    public var accountOnlineUntil: Int32?
    /// The account's chat folders (`updateChatFolders` after login), in order.
    public var folders: [SimulatedFolder] = SimulatorScenario.demoFolders
    /// Where the main list ("All chats") sits among the folders.
    public var mainListPosition = 0
    /// How fast a file being sent reaches Telegram, in bytes per second of the server's clock
    /// (0: at once); its progress is reported every quarter of a second.
    public var uploadBytesPerSecond = 0
    /// How fast a message's file downloads, in bytes per second of the server's clock (0: at
    /// once); the part so far is reported every quarter of a second. Thumbnails come at once.
    public var downloadBytesPerSecond = 0

    public init(account: SimulatedAccount = SimulatedAccount(), chats: [SimulatedChat] = SimulatorScenario.demoChats,
                sendBehaviours: [Int64: SendBehaviour] = [:], latency: Double = 0, autoConfirmQRAfter: Double? = nil)
    {
        self.account = account
        self.chats = chats
        self.sendBehaviours = sendBehaviours
        self.latency = latency
        self.autoConfirmQRAfter = autoConfirmQRAfter
        histories = SimulatorScenario.demoHistories(me: account.userID)
    }

    /// The `--demo` scenario: a small, realistic account with 2FA (code 12345, password "demo").
    /// "Neighbours" refuses posts (its admins muted members), so a failing target can be seen.
    public static var demo: SimulatorScenario {
        var demo = SimulatorScenario(account: SimulatedAccount(password: "demo", passwordHint: "the word demo"),
                                     sendBehaviours: [-4002: .fail(code: 403, message: "CHAT_WRITE_FORBIDDEN")],
                                     latency: 0.15, autoConfirmQRAfter: 4)
        // A phone's upload: a photo takes a moment, a long video a while.
        demo.uploadBytesPerSecond = 2 << 20
        return demo
    }

    /// Chats of the demo account: groups, a forum with topics, and a channel and a private chat
    /// that the directory must leave out.
    public static let demoChats: [SimulatedChat] = [
        SimulatedChat(id: -1001000000001, title: "Family", kind: .supergroup(id: 1000000001, memberCount: 5)),
        SimulatedChat(id: -1001000000002, title: "Work", kind: .forum(id: 1000000002, memberCount: 48, topics: [
            SimulatedTopic(id: 1, name: "General", isGeneral: true),
            SimulatedTopic(id: 11, name: "Standups"),
            SimulatedTopic(id: 12, name: "Lunch"),
        ])),
        SimulatedChat(id: -4001, title: "Climbing crew", kind: .basicGroup(id: 4001, memberCount: 7)),
        SimulatedChat(id: -1001000000003, title: "Tech News", kind: .channel(id: 1000000003, memberCount: 12000)),
        SimulatedChat(id: 555_000_111, title: "Alice", kind: .private(userID: 555_000_111)),
        SimulatedChat(id: -4002, title: "Neighbours", kind: .basicGroup(id: 4002, memberCount: 23)),
        SimulatedChat(id: -4003, title: "Old flatmates", kind: .basicGroup(id: 4003, memberCount: 4), isArchived: true),
    ]

    /// The demo's folders: friends (one of them archived) and the chats that post news.
    public static let demoFolders: [SimulatedFolder] = [
        SimulatedFolder(id: 2, name: "Friends", icon: "Love", chatIDs: [555_000_111, -4001, -4003]),
        SimulatedFolder(id: 3, name: "Updates", icon: "Custom", chatIDs: [-1001000000003, -4002]),
    ]

    /// `count` chats for benchmarks: mostly groups, one in ten a forum with 3 topics, one in
    /// ten a channel, one in ten private; a third of supergroups with an unknown member count.
    public static func generated(chatCount count: Int, latency: Double) -> SimulatorScenario {
        var chats: [SimulatedChat] = []
        for i in 0..<count {
            let n = Int64(i + 1)
            switch i % 10 {
            case 0:
                chats.append(SimulatedChat(id: -1_002_000_000_000 - n, title: "Forum \(n)", kind: .forum(
                    id: 2_000_000_000 + n, memberCount: Int32(10 + i % 90),
                    topics: [SimulatedTopic(id: 1, name: "General", isGeneral: true), SimulatedTopic(id: 2, name: "Topic A"), SimulatedTopic(id: 3, name: "Topic B")])))
            case 1: chats.append(SimulatedChat(id: -1_002_000_000_000 - n, title: "Channel \(n)", kind: .channel(id: 2_000_000_000 + n, memberCount: 1000)))
            case 2: chats.append(SimulatedChat(id: 700_000_000 + n, title: "Person \(n)", kind: .private(userID: 700_000_000 + n)))
            case 3, 4, 5:
                chats.append(SimulatedChat(id: -n, title: "Group \(n)", kind: .basicGroup(id: n, memberCount: Int32(3 + i % 40))))
            default:
                chats.append(SimulatedChat(id: -1_002_000_000_000 - n, title: "Supergroup \(n)", kind: .supergroup(
                    id: 2_000_000_000 + n, memberCount: Int32(20 + i % 200), memberCountKnown: i % 3 != 0)))
            }
        }
        return SimulatorScenario(chats: chats, latency: latency)
    }
}

/// The simulated user and how their login works.
public struct SimulatedAccount: Sendable {
    public var userID: Int64
    public var phoneNumber: String
    public var code: String
    /// The 2-step verification password, or nil for none.
    public var password: String?
    public var passwordHint: String
    public var firstName: String
    public var lastName: String
    /// Telegram asks for a login email address before the code (as it does for some accounts).
    public var requiresEmail: Bool
    public var emailCode: String
    /// The phone number has no account yet: registration follows the code.
    public var isNewUser: Bool

    public init(userID: Int64 = 424242, phoneNumber: String = "+15555550123", code: String = "12345",
                password: String? = nil, passwordHint: String = "", firstName: String = "Demo", lastName: String = "User",
                requiresEmail: Bool = false, emailCode: String = "654321", isNewUser: Bool = false)
    {
        self.userID = userID
        self.phoneNumber = phoneNumber
        self.code = code
        self.password = password
        self.passwordHint = passwordHint
        self.firstName = firstName
        self.lastName = lastName
        self.requiresEmail = requiresEmail
        self.emailCode = emailCode
        self.isNewUser = isNewUser
    }
}

/// A chat in the simulated chat list.
public struct SimulatedChat: Sendable {
    public enum Kind: Sendable {
        case basicGroup(id: Int64, memberCount: Int32)
        case supergroup(id: Int64, memberCount: Int32, memberCountKnown: Bool = true)
        case forum(id: Int64, memberCount: Int32, topics: [SimulatedTopic])
        case channel(id: Int64, memberCount: Int32)
        case `private`(userID: Int64)
    }

    public var id: Int64
    public var title: String
    public var kind: Kind
    /// In the archive list instead of the main list.
    public var isArchived: Bool
    /// The account created this group or channel (status creator: it may post in its channel).
    public var isOwned: Bool
    /// Stars members who are not admins pay per message in this group (0: free).
    public var paidMessageStars: Int64

    public init(id: Int64, title: String, kind: Kind, isArchived: Bool = false, isOwned: Bool = false, paidMessageStars: Int64 = 0) {
        self.id = id
        self.title = title
        self.kind = kind
        self.isArchived = isArchived
        self.isOwned = isOwned
        self.paidMessageStars = paidMessageStars
    }
}

/// A chat folder of the simulated account: its chats are listed by id (Telegram's rules,
/// "all groups" and the like, are not simulated).
public struct SimulatedFolder: Sendable {
    public var id: Int32
    public var name: String
    /// One of Telegram's icon names ("Work", "Love", "Custom" …).
    public var icon: String
    public var chatIDs: [Int64]

    public init(id: Int32, name: String, icon: String = "Custom", chatIDs: [Int64]) {
        self.id = id
        self.name = name
        self.icon = icon
        self.chatIDs = chatIDs
    }
}

/// A forum topic in a simulated forum.
public struct SimulatedTopic: Sendable {
    public var id: Int32
    public var name: String
    public var isGeneral: Bool
    public init(id: Int32, name: String, isGeneral: Bool = false) {
        self.id = id
        self.name = name
        self.isGeneral = isGeneral
    }
}

/// How the simulated Telegram treats a message sent to a chat.
public enum SendBehaviour: Sendable, Equatable {
    /// Accepted and confirmed (updateMessageSendSucceeded) after the latency.
    case succeed
    /// Accepted, then updateMessageSendFailed with this error.
    case fail(code: Int32, message: String)
    /// The first `times` sendMessage calls answer 429 "Too Many Requests: retry after N".
    case floodWait(seconds: Int, times: Int)
    /// Accepted; confirmed after this many extra seconds.
    case delay(seconds: Double)
    /// Accepted and never confirmed.
    case neverConfirm
}

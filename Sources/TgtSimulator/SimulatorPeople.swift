/// A person in the simulated Telegram: a user who writes in chats.
public struct SimulatedPerson: Sendable {
    public var id: Int64
    public var firstName: String
    public var lastName: String
    public var username: String
    /// Stars most people pay per message to them (`paid_message_star_count`; 0: free).
    public var paidMessageStars: Int64
    /// They let the account write for free despite their price (as for a contact they exempted).
    public var exemptsAccount: Bool
    /// A bot (`userTypeBot`), not a person.
    public var isBot: Bool = false
    /// In the account's contacts (`is_contact`).
    public var isContact: Bool = true

    public init(id: Int64, firstName: String, lastName: String = "", username: String = "", paidMessageStars: Int64 = 0, exemptsAccount: Bool = false,
                isBot: Bool = false, isContact: Bool = true)
    {
        self.isBot = isBot
        self.isContact = isContact
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.username = username
        self.paidMessageStars = paidMessageStars
        self.exemptsAccount = exemptsAccount
    }
}

/// What a simulated chat already holds when the account logs in: how many messages, who wrote
/// them, what they say (a style), and how many the account has not read yet.
public struct SimulatedHistory: Sendable {
    /// The flavour of the messages.
    public enum Style: Sendable {
        /// Family chatter with photos, a voice message, a sticker, a location, a reply or two.
        case family
        /// Work talk across forum topics, with a document and a poll.
        case work
        /// Many short messages (paging and benchmarks).
        case bulk
        /// Many short messages, the newest 50 of which answer 30 older ones outside that page
        /// (the benchmark of batched reply lookups).
        case threaded
        /// Hostile input: markup, script, a javascript: link, huge and right-to-left text.
        case hostile
        /// Channel posts (sent by the chat itself).
        case channel
        /// A one-to-one conversation.
        case privateChat
    }

    public var count: Int
    /// Who writes (the account's own id makes outgoing messages).
    public var memberIDs: [Int64]
    public var style: Style
    public var unreadCount: Int
    /// Muted for this many seconds (0: not muted).
    public var muteFor: Int32
    /// Telegram's `show_preview` for the chat (nil: the chat follows its kind's default).
    public var showPreview: Bool?

    public init(count: Int, memberIDs: [Int64], style: Style, unreadCount: Int = 0, muteFor: Int32 = 0) {
        self.count = count
        self.memberIDs = memberIDs
        self.style = style
        self.unreadCount = unreadCount
        self.muteFor = muteFor
    }
}

/// Someone who answers when a message of ours lands in a chat: after `delay` seconds, a reply
/// to it (the text chosen by a seed from the message, so runs repeat), preceded by a read receipt.
public struct SimulatedReplier: Sendable {
    public var userID: Int64
    public var delay: Double
    public var lines: [String]

    public init(userID: Int64, delay: Double, lines: [String]) {
        self.userID = userID
        self.delay = delay
        self.lines = lines
    }
}

extension SimulatorScenario {
    /// The people of the demo account.
    public static let demoPeople: [SimulatedPerson] = [
        SimulatedPerson(id: 555_000_111, firstName: "Alice", lastName: "Moreau", username: "alice_m"),
        SimulatedPerson(id: 555_000_201, firstName: "Mum"),
        SimulatedPerson(id: 555_000_202, firstName: "Dad"),
        SimulatedPerson(id: 555_000_203, firstName: "Sofia", lastName: "Rossi", username: "sofia_r"),
        SimulatedPerson(id: 555_000_204, firstName: "Dmitri", lastName: "Volkov", username: "dvolkov", isContact: false),
        SimulatedPerson(id: 555_000_205, firstName: "Priya", lastName: "Nair"),
        SimulatedPerson(id: 555_000_206, firstName: "Tom", lastName: "Becker", username: "tombecker", isContact: false),
        SimulatedPerson(id: 555_000_207, firstName: "Lena", isContact: false),
        // Hostile input: a name that is markup.
        SimulatedPerson(id: 555_000_666, firstName: "<img src=x onerror=alert(1)>", lastName: "<b>Eve</b>", username: "eve_h", isContact: false),
    ]

    /// What the demo chats hold: Family with photos and replies, Work across its topics, a
    /// climbing group with 5,000 messages, a channel, Alice's private chat, and Neighbours,
    /// where a troll posts hostile messages.
    public static func demoHistories(me: Int64) -> [Int64: SimulatedHistory] {
        [
            -1001000000001: SimulatedHistory(count: 40, memberIDs: [555_000_201, 555_000_202, 555_000_203, me], style: .family, unreadCount: 2),
            -1001000000002: SimulatedHistory(count: 30, memberIDs: [555_000_204, 555_000_205, 555_000_206, me], style: .work, unreadCount: 5),
            -4001: SimulatedHistory(count: 5_000, memberIDs: [555_000_206, 555_000_207, 555_000_111, 555_000_204, me], style: .bulk, muteFor: 366 * 86_400),
            -1001000000003: SimulatedHistory(count: 15, memberIDs: [], style: .channel, unreadCount: 3, muteFor: 366 * 86_400),
            555_000_111: SimulatedHistory(count: 12, memberIDs: [555_000_111, me], style: .privateChat, unreadCount: 1),
            -4002: SimulatedHistory(count: 12, memberIDs: [555_000_666, 555_000_207], style: .hostile),
        ]
    }

    /// Mum answers in Family a few seconds after a message of ours lands there.
    public static let demoRepliers: [Int64: SimulatedReplier] = [
        -1001000000001: SimulatedReplier(userID: 555_000_201, delay: 3, lines: [
            "👍 Thanks for letting me know!", "Drive safe ❤️", "Great, see you soon!", "OK love, dinner at 8?",
        ]),
    ]
}

import Foundation

/// The TDLib functions this app calls, each with TDLib's exact field names (checked against
/// `td_api.tl` by the contract tests).
public enum TDFunctions {
    /// `setTdlibParameters`.
    public struct SetTdlibParameters: TDFunction {
        public typealias Result = TDOk
        public static let typeName = "setTdlibParameters"
        public var useTestDC = false
        public var databaseDirectory: String
        public var filesDirectory: String
        /// Raw key bytes (sent base64-encoded, as TDLib's `bytes`).
        public var databaseEncryptionKey: Data
        public var useFileDatabase = false
        public var useChatInfoDatabase = true
        public var useMessageDatabase = true
        public var useSecretChats = false
        public var apiID: Int32
        public var apiHash: String
        public var systemLanguageCode: String
        public var deviceModel: String
        public var systemVersion: String
        public var applicationVersion: String

        public init(databaseDirectory: String, filesDirectory: String, databaseEncryptionKey: Data,
                    apiID: Int32, apiHash: String, systemLanguageCode: String = "en",
                    deviceModel: String, systemVersion: String = "", applicationVersion: String,
                    useTestDC: Bool = false)
        {
            self.databaseDirectory = databaseDirectory
            self.filesDirectory = filesDirectory
            self.databaseEncryptionKey = databaseEncryptionKey
            self.apiID = apiID
            self.apiHash = apiHash
            self.systemLanguageCode = systemLanguageCode
            self.deviceModel = deviceModel
            self.systemVersion = systemVersion
            self.applicationVersion = applicationVersion
            self.useTestDC = useTestDC
        }

        enum CodingKeys: String, CodingKey {
            case useTestDC = "use_test_dc"
            case databaseDirectory = "database_directory"
            case filesDirectory = "files_directory"
            case databaseEncryptionKey = "database_encryption_key"
            case useFileDatabase = "use_file_database"
            case useChatInfoDatabase = "use_chat_info_database"
            case useMessageDatabase = "use_message_database"
            case useSecretChats = "use_secret_chats"
            case apiID = "api_id"
            case apiHash = "api_hash"
            case systemLanguageCode = "system_language_code"
            case deviceModel = "device_model"
            case systemVersion = "system_version"
            case applicationVersion = "application_version"
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(useTestDC, forKey: .useTestDC)
            try c.encode(databaseDirectory, forKey: .databaseDirectory)
            try c.encode(filesDirectory, forKey: .filesDirectory)
            try c.encode(databaseEncryptionKey.base64EncodedString(), forKey: .databaseEncryptionKey)
            try c.encode(useFileDatabase, forKey: .useFileDatabase)
            try c.encode(useChatInfoDatabase, forKey: .useChatInfoDatabase)
            try c.encode(useMessageDatabase, forKey: .useMessageDatabase)
            try c.encode(useSecretChats, forKey: .useSecretChats)
            try c.encode(apiID, forKey: .apiID)
            try c.encode(apiHash, forKey: .apiHash)
            try c.encode(systemLanguageCode, forKey: .systemLanguageCode)
            try c.encode(deviceModel, forKey: .deviceModel)
            try c.encode(systemVersion, forKey: .systemVersion)
            try c.encode(applicationVersion, forKey: .applicationVersion)
        }
    }

    /// `setLogVerbosityLevel`.
    public struct SetLogVerbosityLevel: TDFunction {
        public typealias Result = TDOk
        public static let typeName = "setLogVerbosityLevel"
        public var newVerbosityLevel: Int32
        public init(_ level: Int32) { newVerbosityLevel = level }
        enum CodingKeys: String, CodingKey { case newVerbosityLevel = "new_verbosity_level" }
    }

    /// `setOption` with an `optionValueBoolean`, e.g. `online` false: this client does not
    /// count as the account being online.
    public struct SetBooleanOption: TDFunction {
        public typealias Result = TDOk
        public static let typeName = "setOption"
        public var name: String
        public var value: Bool

        public init(name: String, value: Bool) {
            self.name = name
            self.value = value
        }

        enum CodingKeys: String, CodingKey { case name, value }
        enum ValueKeys: String, CodingKey { case type = "@type", value }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(name, forKey: .name)
            var v = c.nestedContainer(keyedBy: ValueKeys.self, forKey: .value)
            try v.encode("optionValueBoolean", forKey: .type)
            try v.encode(value, forKey: .value)
        }
    }

    /// `setLogStream` with `logStreamFile`: TDLib's own log goes to a file, not the terminal.
    public struct SetLogStreamFile: TDFunction {
        public typealias Result = TDOk
        public static let typeName = "setLogStream"
        public var path: String
        public var maxFileSize: Int64

        public init(path: String, maxFileSize: Int64 = 10 << 20) {
            self.path = path
            self.maxFileSize = maxFileSize
        }

        enum CodingKeys: String, CodingKey { case logStream = "log_stream" }
        enum StreamKeys: String, CodingKey {
            case type = "@type"
            case path
            case maxFileSize = "max_file_size"
            case redirectStderr = "redirect_stderr"
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            var s = c.nestedContainer(keyedBy: StreamKeys.self, forKey: .logStream)
            try s.encode("logStreamFile", forKey: .type)
            try s.encode(path, forKey: .path)
            try s.encode(maxFileSize, forKey: .maxFileSize)
            try s.encode(false, forKey: .redirectStderr)
        }
    }

    /// `getOption`.
    public struct GetOption: TDFunction {
        public typealias Result = OptionValue
        public static let typeName = "getOption"
        public var name: String
        public init(_ name: String) { self.name = name }
    }

    /// `setAuthenticationPhoneNumber` (default settings).
    public struct SetAuthenticationPhoneNumber: TDFunction {
        public typealias Result = TDOk
        public static let typeName = "setAuthenticationPhoneNumber"
        public var phoneNumber: String
        public init(_ phoneNumber: String) { self.phoneNumber = phoneNumber }
        enum CodingKeys: String, CodingKey { case phoneNumber = "phone_number" }
    }

    /// `checkAuthenticationCode`.
    public struct CheckAuthenticationCode: TDFunction {
        public typealias Result = TDOk
        public static let typeName = "checkAuthenticationCode"
        public var code: String
        public init(_ code: String) { self.code = code }
    }

    /// `checkAuthenticationPassword`.
    public struct CheckAuthenticationPassword: TDFunction {
        public typealias Result = TDOk
        public static let typeName = "checkAuthenticationPassword"
        public var password: String
        public init(_ password: String) { self.password = password }
    }

    /// `requestQrCodeAuthentication`.
    public struct RequestQrCodeAuthentication: TDFunction {
        public typealias Result = TDOk
        public static let typeName = "requestQrCodeAuthentication"
        public var otherUserIDs: [Int64] = []
        public init() {}
        enum CodingKeys: String, CodingKey { case otherUserIDs = "other_user_ids" }
    }

    /// `setAuthenticationEmailAddress`.
    public struct SetAuthenticationEmailAddress: TDFunction {
        public typealias Result = TDOk
        public static let typeName = "setAuthenticationEmailAddress"
        public var emailAddress: String
        public init(_ emailAddress: String) { self.emailAddress = emailAddress }
        enum CodingKeys: String, CodingKey { case emailAddress = "email_address" }
    }

    /// `checkAuthenticationEmailCode` with `emailAddressAuthenticationCode`.
    public struct CheckAuthenticationEmailCode: TDFunction {
        public typealias Result = TDOk
        public static let typeName = "checkAuthenticationEmailCode"
        public var code: String
        public init(_ code: String) { self.code = code }
        enum CodingKeys: String, CodingKey { case code }
        enum InnerKeys: String, CodingKey {
            case type = "@type"
            case code
        }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            var inner = c.nestedContainer(keyedBy: InnerKeys.self, forKey: .code)
            try inner.encode("emailAddressAuthenticationCode", forKey: .type)
            try inner.encode(code, forKey: .code)
        }
    }

    /// `registerUser`.
    public struct RegisterUser: TDFunction {
        public typealias Result = TDOk
        public static let typeName = "registerUser"
        public var firstName: String
        public var lastName: String
        public var disableNotification = false
        public init(firstName: String, lastName: String) {
            self.firstName = firstName
            self.lastName = lastName
        }
        enum CodingKeys: String, CodingKey {
            case firstName = "first_name"
            case lastName = "last_name"
            case disableNotification = "disable_notification"
        }
    }

    /// `logOut`.
    public struct LogOut: TDFunction {
        public typealias Result = TDOk
        public static let typeName = "logOut"
        public init() {}
    }

    /// `close`.
    public struct Close: TDFunction {
        public typealias Result = TDOk
        public static let typeName = "close"
        public init() {}
    }

    /// `getMe`.
    public struct GetMe: TDFunction {
        public typealias Result = User
        public static let typeName = "getMe"
        public init() {}
    }

    /// `loadChats` on the main chat list.
    public struct LoadChats: TDFunction {
        public typealias Result = TDOk
        public static let typeName = "loadChats"
        public var limit: Int32
        public var list: ChatListKind
        public init(limit: Int32, list: ChatListKind = .main) {
            self.limit = limit
            self.list = list
        }
        public func encode(to encoder: any Encoder) throws { try encodeList(list, limit: limit, to: encoder) }
    }

    /// `getChats` on the main chat list (only the benchmark's "original approach" uses it).
    public struct GetChats: TDFunction {
        public typealias Result = Chats
        public static let typeName = "getChats"
        public var limit: Int32
        public init(limit: Int32) { self.limit = limit }
        public func encode(to encoder: any Encoder) throws { try encodeList(.main, limit: limit, to: encoder) }
    }

    /// `getChat`.
    public struct GetChat: TDFunction {
        public typealias Result = Chat
        public static let typeName = "getChat"
        public var chatID: Int64
        public init(chatID: Int64) { self.chatID = chatID }
        enum CodingKeys: String, CodingKey { case chatID = "chat_id" }
    }

    /// `getSupergroupFullInfo`.
    public struct GetSupergroupFullInfo: TDFunction {
        public typealias Result = SupergroupFullInfo
        public static let typeName = "getSupergroupFullInfo"
        public var supergroupID: Int64
        public init(supergroupID: Int64) { self.supergroupID = supergroupID }
        enum CodingKeys: String, CodingKey { case supergroupID = "supergroup_id" }
    }

    /// `getBasicGroupFullInfo` (only the benchmark's "original approach" uses it).
    public struct GetBasicGroupFullInfo: TDFunction {
        public typealias Result = BasicGroupFullInfo
        public static let typeName = "getBasicGroupFullInfo"
        public var basicGroupID: Int64
        public init(basicGroupID: Int64) { self.basicGroupID = basicGroupID }
        enum CodingKeys: String, CodingKey { case basicGroupID = "basic_group_id" }
    }

    /// `getForumTopic`: one topic of a forum (an error when the forum has no such topic).
    public struct GetForumTopic: TDFunction {
        public typealias Result = ForumTopic
        public static let typeName = "getForumTopic"
        public var chatID: Int64
        public var forumTopicID: Int32
        public init(chatID: Int64, forumTopicID: Int32) {
            self.chatID = chatID
            self.forumTopicID = forumTopicID
        }
        enum CodingKeys: String, CodingKey {
            case chatID = "chat_id"
            case forumTopicID = "forum_topic_id"
        }
    }

    /// `getForumTopics`: one page (up to 100) of a forum's topics.
    public struct GetForumTopics: TDFunction {
        public typealias Result = ForumTopics
        public static let typeName = "getForumTopics"
        public var chatID: Int64
        public var query = ""
        public var offsetDate: Int32 = 0
        public var offsetMessageID: Int64 = 0
        public var offsetForumTopicID: Int32 = 0
        public var limit: Int32 = 100
        public init(chatID: Int64, offsetDate: Int32 = 0, offsetMessageID: Int64 = 0, offsetForumTopicID: Int32 = 0, limit: Int32 = 100) {
            self.chatID = chatID
            self.offsetDate = offsetDate
            self.offsetMessageID = offsetMessageID
            self.offsetForumTopicID = offsetForumTopicID
            self.limit = limit
        }
        enum CodingKeys: String, CodingKey {
            case chatID = "chat_id"
            case query
            case offsetDate = "offset_date"
            case offsetMessageID = "offset_message_id"
            case offsetForumTopicID = "offset_forum_topic_id"
            case limit
        }
    }

    /// `parseTextEntities` with Telegram Markdown version 1 (works offline through `td_execute`):
    /// `*bold*`, `_italic_`, `[text](url)`, `` `code` ``, ```` ```pre``` ````. Version 1 is used
    /// because version 2 rejects ordinary punctuation ("." "!" "-") unless escaped.
    public struct ParseMarkdown: TDFunction {
        public typealias Result = FormattedText
        public static let typeName = "parseTextEntities"
        public var text: String
        public init(_ text: String) { self.text = text }
        enum CodingKeys: String, CodingKey {
            case text
            case parseMode = "parse_mode"
        }
        enum ModeKeys: String, CodingKey {
            case type = "@type"
            case version
        }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(text, forKey: .text)
            var mode = c.nestedContainer(keyedBy: ModeKeys.self, forKey: .parseMode)
            try mode.encode("textParseModeMarkdown", forKey: .type)
            try mode.encode(Int32(1), forKey: .version)
        }
    }

    /// `sendMessage` with text or a location, optionally into a forum topic, optionally silent,
    /// optionally scheduled on Telegram's servers (`messageSchedulingStateSendAtDate`).
    public struct SendMessage: TDFunction {
        public typealias Result = Message
        public static let typeName = "sendMessage"

        /// What the message carries.
        public enum Content: Sendable, Equatable {
            case text(FormattedText)
            case location(TDLocation)
            /// A photo, video, audio or document from a local file (`OutgoingFile`).
            case file(OutgoingFile)
        }

        public var chatID: Int64
        public var forumTopicID: Int32?
        public var silent: Bool
        public var content: Content
        /// When Telegram should post it (Unix time); nil sends now. TDLib sends a date less
        /// than about 10 s ahead at once, and refuses one more than 367 days ahead.
        public var sendDate: Int32?
        /// The message (of the same chat) this one answers.
        public var replyToMessageID: Int64?
        /// `clear_draft`: the chat's draft goes with this message (a composer's send; a template's leaves it).
        public var clearDraft: Bool

        public init(chatID: Int64, forumTopicID: Int32? = nil, silent: Bool = false, content: Content, sendDate: Int32? = nil,
                    replyToMessageID: Int64? = nil, clearDraft: Bool = false)
        {
            self.replyToMessageID = replyToMessageID
            self.clearDraft = clearDraft
            self.chatID = chatID
            self.forumTopicID = forumTopicID
            self.silent = silent
            self.content = content
            self.sendDate = sendDate
        }

        enum CodingKeys: String, CodingKey {
            case inputMessageContent = "input_message_content"
        }
        enum TypedKeys: String, CodingKey {
            case type = "@type"
            case clearDraft = "clear_draft"
            case text, location
        }

        public func encode(to encoder: any Encoder) throws {
            try SendTarget(chatID: chatID, forumTopicID: forumTopicID, replyToMessageID: replyToMessageID, silent: silent, sendDate: sendDate)
                .encode(to: encoder)
            var c = encoder.container(keyedBy: CodingKeys.self)
            if case .file(let file) = content { return try c.encode(file, forKey: .inputMessageContent) }
            var input = c.nestedContainer(keyedBy: TypedKeys.self, forKey: .inputMessageContent)
            switch content {
            case .text(let text):
                try input.encode("inputMessageText", forKey: .type)
                try input.encode(text, forKey: .text)
                if clearDraft { try input.encode(true, forKey: .clearDraft) }
            case .location(let location):
                try input.encode("inputMessageLocation", forKey: .type)
                try input.encode(location, forKey: .location)
            case .file:
                break
            }
        }
    }
}

/// Where a message goes and how, as `sendMessage` and `sendMessageAlbum` both say it:
/// `chat_id`, `topic_id` (a forum topic), `reply_to` and `options` (silent; a send date).
struct SendTarget: Encodable {
    var chatID: Int64
    var forumTopicID: Int32?
    var replyToMessageID: Int64?
    var silent: Bool
    var sendDate: Int32?

    private enum CodingKeys: String, CodingKey {
        case chatID = "chat_id"
        case topicID = "topic_id"
        case replyTo = "reply_to"
        case options
    }

    private enum TypedKeys: String, CodingKey {
        case type = "@type"
        case messageID = "message_id"
        case disableNotification = "disable_notification"
        case schedulingState = "scheduling_state"
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(chatID, forKey: .chatID)
        try c.encodeIfPresent(forumTopicID.map(MessageTopicForum.init), forKey: .topicID)
        if let replyToMessageID {
            var reply = c.nestedContainer(keyedBy: TypedKeys.self, forKey: .replyTo)
            try reply.encode("inputMessageReplyToMessage", forKey: .type)
            try reply.encode(replyToMessageID, forKey: .messageID)
        }
        var options = c.nestedContainer(keyedBy: TypedKeys.self, forKey: .options)
        try options.encode("messageSendOptions", forKey: .type)
        try options.encode(silent, forKey: .disableNotification)
        if let sendDate { try options.encode(SchedulingState(sendDate: sendDate), forKey: .schedulingState) }
    }
}

/// `chat_list: chatListMain, limit: N`, shared by loadChats and getChats.
private enum MainListKeys: String, CodingKey {
    case chatList = "chat_list"
    case limit
}

private func encodeList(_ list: ChatListKind, limit: Int32, to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: MainListKeys.self)
    try c.encode(list, forKey: .chatList)
    try c.encode(limit, forKey: .limit)
}

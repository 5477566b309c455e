import TgtDomain
import TgtTDLib

// The reasons inside `ChatError`, as values: each face words them in its own language (the
// app's catalog keys them by case); `reason` is the English the CLI and the dashboard show.

/// Why files cannot be sent: found before anything is uploaded.
public enum FileProblem: Sendable, Equatable {
    case missing(name: String)
    case notAFile(name: String)
    case empty(name: String)
    /// Larger than Telegram's 2,000 MB.
    case tooLarge(name: String)
    case unreadable(name: String)
    /// The copy it is sent from could not be made (the disk is full, most often).
    case notCopied(name: String)
    case noneGiven
    /// More files than one album holds.
    case tooManyForAlbum(max: Int)
    /// Photos and videos mixed with other kinds of file in one album.
    case mixedAlbum

    /// The reason in English, completing "That cannot be sent: …".
    public var reason: String {
        switch self {
        case .missing(let name): "“\(name)” is not there."
        case .notAFile(let name): "“\(name)” is not a file."
        case .empty(let name): "“\(name)” is empty."
        case .tooLarge(let name): "“\(name)” is larger than Telegram's 2,000 MB."
        case .unreadable(let name): "“\(name)” cannot be read."
        case .notCopied(let name): "“\(name)” could not be copied to be sent (is the disk full?)."
        case .noneGiven: "no file was given."
        case .tooManyForAlbum(let max): "an album holds at most \(max) files; send them in parts."
        case .mixedAlbum: "photos and videos cannot share an album with other files: send them separately, or all as files."
        }
    }
}

/// Why a message cannot be edited.
public enum EditRefusal: Sendable, Equatable {
    /// Only the user's own recent messages can be edited.
    case notOwnRecent
    /// Only text can be edited here (not a caption, a poll, a location…).
    case notText

    /// The reason in English.
    public var reason: String {
        switch self {
        case .notOwnRecent: "only your own recent text messages can be edited."
        case .notText: "only text can be edited here."
        }
    }
}

/// Why a message cannot be pinned or unpinned.
public enum PinRefusal: Sendable, Equatable {
    case channelAdminsOnly
    case groupAdminsOnly
    /// Outside private chats a pin is for everyone; it was asked for the user alone.
    case onlyForEveryone
    case notAllowed

    /// The reason in English.
    public var reason: String {
        switch self {
        case .channelAdminsOnly: "only the channel's admins can pin messages."
        case .groupAdminsOnly: "the group's admins do not let members pin messages."
        case .onlyForEveryone: "outside private chats a message is pinned for everyone."
        case .notAllowed: "Telegram does not allow it for this message."
        }
    }
}

/// Why messages cannot be forwarded or copied.
public enum ForwardRefusal: Sendable, Equatable {
    case noneChosen
    case tooMany(max: Int)
    /// Its chat protects its content, or it is not sent yet.
    case protected(messageID: Int64, copying: Bool)
    /// Telegram took none of them.
    case refused

    /// The reason in English.
    public var reason: String {
        switch self {
        case .noneChosen: "no messages were chosen."
        case .tooMany(let max): "at most \(max) messages go in one forward."
        case .protected(let id, let copying):
            "message \(id) cannot be \(copying ? "copied" : "forwarded") (its chat protects its content, or it is not sent yet)."
        case .refused: "Telegram would not forward these messages."
        }
    }
}

/// Why the user cannot react to a message.
public enum ReactionRefusal: Sendable, Equatable {
    /// The user posts in the group as the group itself.
    case anonymousAdministrator
    /// Only members react; the user has not joined.
    case guest
    case restricted
    /// A paid reaction, once given, stays.
    case paidIsFinal
    /// A kind of reaction this version does not know.
    case unsupportedKind

    /// The reason in English.
    public var reason: String {
        switch self {
        case .anonymousAdministrator: "you post here as the group itself (an anonymous administrator)."
        case .guest: "only members of the group can react; join it first."
        case .restricted: "the group's administrators do not let you react."
        case .paidIsFinal: "a paid reaction cannot be taken back."
        case .unsupportedKind: "this kind of reaction is not supported here."
        }
    }
}

/// Why a page of a chat's members cannot be read.
public enum PageProblem: Sendable, Equatable {
    case size(max: Int)
    case negativeOffset

    /// The reason in English.
    public var reason: String {
        switch self {
        case .size(let max): "the page size must be from 1 to \(max)."
        case .negativeOffset: "the offset must be 0 or more."
        }
    }
}

/// What is wrong with a contact's name.
public enum ContactNameProblem: Sendable, Equatable {
    case emptyFirstName
    case tooLong(max: Int)
    case lineBreak

    /// The reason in English.
    public var reason: String {
        switch self {
        case .emptyFirstName: "the first name is empty."
        case .tooLong(let max): "a name is longer than \(max) characters."
        case .lineBreak: "a name has a line break."
        }
    }
}

/// Why a file could not be downloaded.
public enum DownloadProblem: Sendable, Equatable {
    /// Telegram refused the request.
    case refused(TDError)
    /// Nothing arrived for a while.
    case stalled
    /// Telegram stopped sending it.
    case stopped
    /// The Telegram client closed while downloading.
    case closed

    /// The reason in English.
    public var reason: String {
        switch self {
        case .refused(let error): error.message
        case .stalled: "Telegram sent nothing for a while; try again."
        case .stopped: "Telegram stopped sending it."
        case .closed: "The Telegram client was closed."
        }
    }
}

/// Why Telegram did not send a message: its refusals this app knows, or its own words.
public enum SendFailure: Sendable, Equatable {
    case chatGone
    case forbidden
    case topicGone
    case banned
    case slowMode
    /// The message was deleted before it went out.
    case cancelled
    /// The message replied to cannot be replied to.
    case notRepliable
    /// A refusal this app has no words for: Telegram's own.
    case telegram(code: Int32, message: String)

    /// Reads Telegram's answer to a send.
    public init(code: Int32, message: String) {
        self = switch message {
        case "Chat not found": .chatGone
        case "Have no rights to send a message", "CHAT_WRITE_FORBIDDEN": .forbidden
        case "Message thread not found", "TOPIC_CLOSED", "TOPIC_DELETED": .topicGone
        case "USER_BANNED_IN_CHANNEL": .banned
        case "SLOWMODE_WAIT": .slowMode
        default: .telegram(code: code, message: message)
        }
    }

    /// The reason in English.
    public var reason: String {
        switch self {
        case .chatGone: "This chat is not available to your account any more."
        case .forbidden: "You are not allowed to post in this chat."
        case .topicGone: "The forum topic is closed or gone."
        case .banned: "You are banned from posting in this chat."
        case .slowMode: "This group's slow mode does not allow another message yet."
        case .cancelled: SendConfirmation.cancelledReason
        case .notRepliable: "that message cannot be replied to."
        case .telegram(let code, let message): "Telegram said: \(message) (\(code))."
        }
    }
}

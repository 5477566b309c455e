import TgtDomain
import TgtTDLib

/// Why something asked of a chat could not be done, phrased for the person using the app.
public enum ChatError: UserFacingError, Equatable {
    case notLoggedIn
    /// Nothing matches what the user typed for a chat.
    case chatNotFound(String)
    /// Several chats match; their titles (with ids) so the user can pick one.
    case ambiguous(String, candidates: [String])
    /// The account may not post in this chat (the reason says why).
    case cannotWrite(title: String, refusal: PostRefusal)
    case messageNotFound(Int64)
    /// Topics were asked of a chat that is not a forum.
    case notForum(title: String)
    /// The forum has no topic with this id.
    case topicNotFound(Int32, title: String)
    case cannotEdit(EditRefusal)
    case cannotDelete(forEveryone: Bool)
    /// Here a deletion is always for everyone (supergroups, channels).
    case onlyForEveryone
    /// Reactions are off for this message or the user (the reason says why).
    case cannotReact(ReactionRefusal)
    /// The emoji is not one of the chat's reactions; `choices` are.
    case reactionNotAvailable(String, choices: [String])
    /// The user may not pin or unpin here (the reason says why).
    case cannotPin(PinRefusal)
    /// These messages cannot be forwarded (the reason says why).
    case cannotForward(ForwardRefusal)
    /// The chat's member list is not open to the account (a channel, a private chat).
    case cannotListMembers
    /// A page asked for is out of range (the reason says how).
    case badPage(PageProblem)
    /// The account has no chat folder by this name or id.
    case folderNotFound(String)
    /// No contact has this name, username or id.
    case contactNotFound(String)
    /// Asked of a chat that is not a private chat with a person (adding a group as a contact).
    case notAPerson(title: String)
    /// A contact's name is missing or too long (the reason says which).
    case badContactName(ContactNameProblem)
    /// The message has no file to open or save (text, a location, a poll …).
    case noFile(messageID: Int64)
    /// Telegram could not give the file (the reason says why).
    case downloadFailed(DownloadProblem)
    /// A file to send is missing, empty, too big or cannot share an album (the reason says which).
    case badFile(FileProblem)
    /// Cancelling a send of a message that is not being sent (it went out, or failed).
    case notBeingSent(Int64)
    /// Opening the file of a message of ours still being sent (TDLib is reading it from where it was given).
    case stillBeingSent(Int64)
    /// Opening self-destructing media: Telegram deletes it once viewed, shown only while held
    /// in its phone apps; nothing here opens, saves or downloads it.
    case selfDestructing(Int64)
    case emptyText
    case tooLong(max: Int)
    case markdown(String)
    case sendFailed(SendFailure)
    case request(TDError)

    public var message: String {
        switch self {
        case .notLoggedIn: "You are not logged in to Telegram."
        case .chatNotFound(let query): "No chat matches “\(query)”."
        case .ambiguous(let query, let candidates):
            "“\(query)” matches \(candidates.count) chats: \(candidates.prefix(8).joined(separator: ", "))\(candidates.count > 8 ? ", …" : "")."
        case .cannotWrite(let title, let refusal): "You cannot write in “\(title)”: \(refusal.reason)"
        case .messageNotFound(let id): "Message \(id) is not in this chat (or was deleted)."
        case .notForum(let title): "“\(title)” is not a forum: it has no topics."
        case .topicNotFound(let id, let title): "“\(title)” has no topic \(id)."
        case .cannotEdit(let refusal): "This message cannot be edited: \(refusal.reason)"
        case .cannotDelete(let forEveryone):
            forEveryone ? "This message cannot be deleted for everyone." : "This message cannot be deleted."
        case .onlyForEveryone: "In this chat a message can only be deleted for everyone."
        case .cannotReact(let refusal): "You cannot react to this message: \(refusal.reason)"
        case .reactionNotAvailable(let emoji, let choices):
            choices.isEmpty ? "“\(emoji)” is not a reaction this chat allows." : "“\(emoji)” is not a reaction this chat allows; it allows \(choices.prefix(12).joined(separator: " "))\(choices.count > 12 ? " …" : "")."
        case .cannotPin(let refusal): "You cannot pin or unpin this message: \(refusal.reason)"
        case .cannotForward(let refusal): "This cannot be forwarded: \(refusal.reason)"
        case .cannotListMembers: "This chat's member list is not open to you."
        case .badPage(let problem): "That page cannot be read: \(problem.reason)"
        case .folderNotFound(let name): "You have no chat folder “\(name)”."
        case .contactNotFound(let query): "No contact matches “\(query)”."
        case .notAPerson(let title): "“\(title)” is not a person: only people can be contacts."
        case .badContactName(let problem): "The contact's name is not right: \(problem.reason)"
        case .noFile(let id): "Message \(id) has no file to open or save."
        case .downloadFailed(let problem): "The file could not be downloaded: \(problem.reason)"
        case .badFile(let problem): "That cannot be sent: \(problem.reason)"
        case .notBeingSent(let id): "Message \(id) is no longer being sent: it has gone out, or failed."
        case .stillBeingSent(let id): "Message \(id) is still being sent: its file opens once it has gone."
        case .selfDestructing(let id): "Message \(id) deletes itself once viewed: it is not opened, saved or downloaded here."
        case .emptyText: "The message is empty."
        case .tooLong(let max): "The message is longer than Telegram's \(max) characters."
        case .markdown(let detail): "The formatting is broken at \(detail)."
        case .sendFailed(let failure): "Telegram did not send the message: \(failure.reason)"
        case .request(let error): error.message
        }
    }

    public var nextStep: String? {
        switch self {
        case .notLoggedIn: "Log in to Telegram first."
        case .chatNotFound: "Check the chat's name or id against your chat list."
        case .ambiguous: "Use the chat's id or its full title."
        case .cannotWrite: "Pick a chat you can post in."
        case .messageNotFound: "Pick a message that is still in the chat."
        case .notForum: "Leave out the topic for this chat."
        case .topicNotFound: "Pick one of the forum's topics."
        case .cannotEdit: nil
        case .cannotDelete(let forEveryone): forEveryone ? "Delete it for yourself only." : nil
        case .onlyForEveryone: "Delete it for everyone if that is what you want."
        case .cannotReact: nil
        case .reactionNotAvailable: "Pick one of the chat's reactions."
        case .cannotPin: nil
        case .cannotForward: nil
        case .cannotListMembers: nil
        case .badPage: nil
        case .folderNotFound: "Pick one of your chat folders."
        case .contactNotFound: "Check the name against your contacts."
        case .notAPerson: "Open a private chat with the person."
        case .badContactName: "Give a first name of 1 to 64 characters (a last name up to 64)."
        case .noFile: "Pick a message with a photo, video, voice message, audio, file or sticker."
        case .downloadFailed: "Try again when the connection is back."
        case .badFile: "Pick files of at most 2,000 MB, up to 10 at a time."
        case .notBeingSent: "Delete the message instead if you do not want it."
        case .stillBeingSent: "Wait until its ticks show it sent."
        case .selfDestructing: "Open it in Telegram on your phone."
        case .emptyText: "Type some text."
        case .tooLong: "Shorten the text or send it in parts."
        case .markdown: "Check the *bold*, _italic_, `code` and [link](url) markers."
        case .sendFailed: nil
        case .request(let error): error.nextStep
        }
    }

    public var code: String {
        switch self {
        case .notLoggedIn: "not_logged_in"
        case .chatNotFound: "chat_not_found"
        case .ambiguous: "chat_ambiguous"
        case .cannotWrite: "cannot_write"
        case .messageNotFound: "message_not_found"
        case .notForum: "not_forum"
        case .topicNotFound: "topic_not_found"
        case .cannotEdit: "cannot_edit"
        case .cannotDelete, .onlyForEveryone: "cannot_delete"
        case .cannotReact: "cannot_react"
        case .reactionNotAvailable: "reaction_not_available"
        case .cannotPin: "cannot_pin"
        case .cannotForward: "cannot_forward"
        case .cannotListMembers: "cannot_list_members"
        case .badPage: "bad_page"
        case .folderNotFound: "folder_not_found"
        case .contactNotFound: "contact_not_found"
        case .notAPerson: "not_a_person"
        case .badContactName: "bad_contact_name"
        case .noFile: "no_file"
        case .downloadFailed: "download_failed"
        case .badFile: "bad_file"
        case .notBeingSent: "not_being_sent"
        case .stillBeingSent: "still_being_sent"
        case .selfDestructing: "self_destructing"
        case .emptyText: "empty_text"
        case .tooLong: "too_long"
        case .markdown: "bad_markdown"
        case .sendFailed: "send_failed"
        case .request(let error): error.code
        }
    }
}

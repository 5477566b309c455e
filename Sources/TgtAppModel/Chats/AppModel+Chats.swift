import Foundation

extension AppModel {
    /// One conversation's screen (open it with `open()`, close it when it leaves the screen).
    public func conversation(for chatID: Int64) -> ConversationModel {
        ConversationModel(host: host, chatID: chatID)
    }

    /// The profile of a chat, or of a person by their user id.
    public func profile(for chatID: Int64) -> ProfileModel {
        ProfileModel(host: host, chatID: chatID)
    }

    /// The contacts screen.
    public func contacts() -> ContactsModel {
        ContactsModel(host: host)
    }

    /// The composer under a conversation.
    public func composer(for chatID: Int64) -> ComposerModel {
        ComposerModel(host: host, store: services.store, chatID: chatID)
    }
}

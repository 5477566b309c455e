import Foundation
import TgtApplication

extension AppModel {
    /// One conversation's screen, or one forum topic's with `topicID` (open it with `open()`,
    /// close it when it leaves the screen).
    public func conversation(for chatID: Int64, topicID: Int32? = nil) -> ConversationModel {
        ConversationModel(host: host, chatID: chatID, topicID: topicID, alerts: alerts, audio: services.audio?())
    }

    /// A forum's topics, each opening its own conversation.
    public func topics(of chatID: Int64) -> ForumTopicsModel {
        ForumTopicsModel(host: host, chatID: chatID)
    }

    /// The profile of a chat, or of a person by their user id.
    public func profile(for chatID: Int64) -> ProfileModel {
        ProfileModel(host: host, chatID: chatID)
    }

    /// The contacts screen.
    public func contacts() -> ContactsModel {
        ContactsModel(host: host)
    }

    /// The composer under a conversation (a forum topic's with `topicID`: what it sends goes there).
    public func composer(for chatID: Int64, topicID: Int32? = nil) -> ComposerModel {
        ComposerModel(host: host, workspace: services.workspace, chatID: chatID, topicID: topicID, location: queue.location)
    }

    /// Asks the shell to show a chat's conversation (a tapped message alert): it goes to the
    /// Chats tab, opens `chatToOpen` and calls `chatOpened()`.
    public func openChat(_ chatID: Int64) {
        chatToOpen = chatID
    }

    /// The shell showed `chatToOpen`.
    public func chatOpened() {
        chatToOpen = nil
    }

    /// A chat's photo, small (160 × 160), for its avatar: a file in TDLib's folder, or nil (no
    /// photo, not fetched, or not a picture of sane size). Fetched once per photo (a new photo
    /// has a new file); one whose file has gone (the media cleared) is fetched again.
    public func chatPhoto(_ chatID: Int64) async -> URL? {
        guard let service = try? await host.chats(), let fileID = await service.chatPhotoFileID(chatID: chatID) else { return nil }
        if let known = chatPhotos[fileID], FileManager.default.fileExists(atPath: known.path) { return known }
        guard let path = try? await service.chatPhotoPath(chatID: chatID), let picture = OpenedMedia.picture(at: path) else { return nil }
        chatPhotos[fileID] = picture
        return picture
    }
}

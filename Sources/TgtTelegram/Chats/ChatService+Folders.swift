import Foundation
import TgtTDLib

/// A chat folder as the folder bar shows it: its name, icon and how many of its chats are unread.
public struct ChatFolderItem: Codable, Sendable, Equatable {
    public var id: Int32
    public var name: String
    /// Telegram's icon name ("Work", "Home", "Custom" …).
    public var icon: String
    /// Chats of the folder with unread messages (or marked unread).
    public var unreadCount: Int
    /// Those of them that are not muted (Telegram shows the badge bright only for these).
    public var unreadUnmutedCount: Int

    public init(id: Int32, name: String, icon: String, unreadCount: Int, unreadUnmutedCount: Int) {
        self.id = id
        self.name = name
        self.icon = icon
        self.unreadCount = unreadCount
        self.unreadUnmutedCount = unreadUnmutedCount
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, icon
        case unreadCount = "unread_count"
        case unreadUnmutedCount = "unread_unmuted_count"
    }
}

/// The folder bar above the chat list: "All chats" (the main list) where Telegram puts it
/// among the account's folders, each with its unread count.
public struct ChatFolderBar: Codable, Sendable, Equatable {
    public var folders: [ChatFolderItem]
    /// Where "All chats" sits among the folders (0: first).
    public var mainPosition: Int
    /// Unread chats of the main list.
    public var mainUnreadCount: Int
    public var mainUnreadUnmutedCount: Int

    public init(folders: [ChatFolderItem], mainPosition: Int, mainUnreadCount: Int, mainUnreadUnmutedCount: Int) {
        self.folders = folders
        self.mainPosition = mainPosition
        self.mainUnreadCount = mainUnreadCount
        self.mainUnreadUnmutedCount = mainUnreadUnmutedCount
    }

    private enum CodingKeys: String, CodingKey {
        case folders
        case mainPosition = "main_position"
        case mainUnreadCount = "main_unread_count"
        case mainUnreadUnmutedCount = "main_unread_unmuted_count"
    }
}

extension ChatFolderBar {
    /// The folder `query` names: its id or its name (case- and diacritic-insensitive).
    public func folder(named query: String) throws(ChatError) -> ChatFolderItem {
        let text = query.trimmingCharacters(in: .whitespacesAndNewlines)
        if let id = Int32(text), let folder = folders.first(where: { $0.id == id }) { return folder }
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        guard let folder = folders.first(where: { $0.name.compare(text, options: options) == .orderedSame }) else { throw .folderNotFound(text) }
        return folder
    }
}

extension ChatService {
    /// The folder bar: the account's folders in Telegram's order with their unread counts (a
    /// folder made since the lists were loaded is loaded first).
    public func folderBar() async -> ChatFolderBar {
        var state = await session.chatListState
        var loadedMore = false
        for folder in state.folders.folders where await !session.isLoaded(.folder(folder.id)) {
            try? await load(.folder(folder.id))
            loadedMore = true
        }
        if loadedMore { state = await session.chatListState }
        let folders = state.folders.folders.map { folder in
            let count = state.unreadCount(.folder(folder.id))
            return ChatFolderItem(id: folder.id, name: folder.name, icon: folder.iconName, unreadCount: Int(count.unreadCount),
                                  unreadUnmutedCount: Int(count.unreadUnmutedCount))
        }
        let main = state.unreadCount(.main)
        return ChatFolderBar(folders: folders, mainPosition: min(max(0, state.folders.mainListPosition), folders.count),
                             mainUnreadCount: Int(main.unreadCount), mainUnreadUnmutedCount: Int(main.unreadUnmutedCount))
    }

    /// The chats of folder `id` (as `summaries`), or `folderNotFound` when the account has no such folder.
    public func folderChats(_ id: Int32, unreadOnly: Bool = false, search: String? = nil) async throws(ChatError) -> [ChatSummary] {
        try requireLogin()
        guard await session.chatListState.folders.folders.contains(where: { $0.id == id }) else { throw .folderNotFound(String(id)) }
        return await summaries(list: .folder(id), unreadOnly: unreadOnly, search: search)
    }
}

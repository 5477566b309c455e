import Foundation

/// Chat folders as Telegram gives them: `updateChatFolders` after login, and `loadChats` of a
/// `chatListFolder` announcing the folder's chats (`updateNewChat` first for one this client
/// has not seen) with their positions in that list, in pages ending in 404.
extension TelegramSimulator {
    static func folderObject(_ folder: SimulatedFolder) -> [String: Any] {
        ["@type": "chatFolderInfo", "id": folder.id,
         "name": ["@type": "chatFolderName", "text": ["@type": "formattedText", "text": folder.name, "entities": [] as [Any]], "animate_custom_emoji": false],
         "icon": ["@type": "chatFolderIcon", "name": folder.icon], "color_id": -1, "is_shareable": false, "has_my_invite_links": false]
    }

    /// `updateChatFolders` with the scenario's folders.
    func emitChatFolders(_ id: Int32) {
        let scenario = currentScenario
        emitUpdate(id, ["@type": "updateChatFolders", "chat_folders": scenario.folders.map(Self.folderObject),
                        "main_chat_list_position": scenario.mainListPosition, "are_tags_enabled": false])
    }

    func loadFolderChats(_ id: Int32, _ request: [String: Any], folderID: Int32) {
        let scenario = currentScenario
        guard let folder = scenario.folders.first(where: { $0.id == folderID }) else { return respond(id, request, Self.error(400, "Chat folder not found")) }
        let limit = max(1, request["limit"] as? Int ?? 100)
        let listed = folder.chatIDs.compactMap { chatID in scenario.chats.firstIndex { $0.id == chatID }.map { (index: $0, chat: scenario.chats[$0]) } }
        let start = client(id)?.loadedFolders[folderID] ?? 0
        guard start < listed.count else { return respond(id, request, Self.error(404, "Not Found")) }
        let page = Array(listed[start..<min(listed.count, start + limit)])
        announce(id, page, in: ["@type": "chatListFolder", "chat_folder_id": folderID])
        updateClient(id) { $0.loadedFolders[folderID] = start + page.count }
        respond(id, request, ["@type": "ok"])
    }
}

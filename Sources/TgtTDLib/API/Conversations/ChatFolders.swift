import Foundation

/// `chatFolderInfo`, reduced to what a folder bar shows: the folder's id (its list is
/// `chatListFolder`), name and icon.
public struct ChatFolderInfo: Decodable, Sendable, Equatable {
    public var id: Int32
    /// `name.text.text`: 1-12 characters.
    public var name: String
    /// `icon.name`: "Work", "Home", "Custom" …
    public var iconName: String

    public init(id: Int32, name: String, iconName: String = "Custom") {
        self.id = id
        self.name = name
        self.iconName = iconName
    }

    private enum CodingKeys: String, CodingKey { case id, name, icon }
    private enum NameKeys: String, CodingKey { case text }
    private enum IconKeys: String, CodingKey { case name }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int32.self, forKey: .id)
        name = ""
        if c.contains(.name), try !c.decodeNil(forKey: .name) {
            name = try c.nestedContainer(keyedBy: NameKeys.self, forKey: .name).decodeIfPresent(FormattedText.self, forKey: .text)?.text ?? ""
        }
        iconName = "Custom"
        if c.contains(.icon), try !c.decodeNil(forKey: .icon) {
            iconName = try c.nestedContainer(keyedBy: IconKeys.self, forKey: .icon).decodeIfPresent(String.self, forKey: .name) ?? "Custom"
        }
    }
}

/// `updateChatFolders`: the account's folders in their order, and where the main list ("All
/// chats") sits among them.
public struct ChatFolders: Sendable, Equatable {
    public var folders: [ChatFolderInfo]
    /// `main_chat_list_position`, 0-based.
    public var mainListPosition: Int

    public init(folders: [ChatFolderInfo] = [], mainListPosition: Int = 0) {
        self.folders = folders
        self.mainListPosition = mainListPosition
    }
}

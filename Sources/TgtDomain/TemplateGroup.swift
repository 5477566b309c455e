import Foundation

/// A filter chip over the template grid: one chat some templates post to, and how many do.
/// The dashboard and the apps show the same chips.
public struct TemplateGroup: Sendable, Hashable, Identifiable {
    public var chatID: Int64
    public var title: String
    public var count: Int

    public var id: Int64 { chatID }

    public init(chatID: Int64, title: String, count: Int) {
        self.chatID = chatID
        self.title = title
        self.count = count
    }

    /// The chats of `templates`, each counted once per template, sorted by title.
    public static func groups(of templates: [Template]) -> [TemplateGroup] {
        var byChat: [Int64: TemplateGroup] = [:]
        for template in templates {
            for chatID in Set(template.targets.map(\.chatID)) {
                let title = template.targets.first { $0.chatID == chatID }?.chatTitle ?? ""
                byChat[chatID, default: TemplateGroup(chatID: chatID, title: title, count: 0)].count += 1
            }
        }
        return byChat.values.sorted {
            let order = $0.title.localizedStandardCompare($1.title)
            return order == .orderedSame ? $0.chatID < $1.chatID : order == .orderedAscending
        }
    }
}

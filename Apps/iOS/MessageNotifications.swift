import Foundation
import TgtAppModel
import UserNotifications

/// New messages as notifications while the app runs (`MessageAlerts` decides which), grouped
/// by chat, and the unread chats on the app icon's badge. A tap opens the chat
/// (`ForegroundNotifications` hands it to `AppModel.openChat`).
struct MessageNotifications: MessageAlerting {
    static let chatIDKey = "chat_id"

    func show(_ alert: MessageAlert) async {
        let content = UNMutableNotificationContent()
        content.title = alert.title
        content.body = alert.body.localized
        content.sound = .default
        content.threadIdentifier = "chat-\(alert.chatID)"
        content.userInfo = [Self.chatIDKey: NSNumber(value: alert.chatID)]
        try? await UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: alert.id, content: content, trigger: nil))
    }

    func setBadge(_ count: Int) async {
        try? await UNUserNotificationCenter.current().setBadgeCount(count)
    }

    func clearAll() async {
        let center = UNUserNotificationCenter.current()
        let shown = await center.deliveredNotifications().map(\.request.identifier).filter { $0.hasPrefix("message-") }
        center.removeDeliveredNotifications(withIdentifiers: shown)
    }
}

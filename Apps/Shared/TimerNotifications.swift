import Foundation
import TgtAppModel
import TgtDomain
import UserNotifications

/// The local notifications at the timers' ends, kept to `NotificationPlan` (at most 64 pending,
/// soonest first; each timer's request replaces its previous one).
enum TimerNotifications {
    /// Asked once (the system remembers the answer): alerts and sounds for timers and new
    /// messages, and the app icon's badge for unread chats.
    static func requestPermission() async {
        _ = try? await UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .sound, .badge])
    }

    static func replan(_ timers: [CountdownTimer], now: Date) async {
        let center = UNUserNotificationCenter.current()
        let items = NotificationPlan.items(for: timers, now: now)
        let planned = Set(items.map(\.id))
        let pending = await center.pendingNotificationRequests().map(\.identifier)
        center.removePendingNotificationRequests(withIdentifiers: pending.filter { !planned.contains($0) })
        for item in items {
            let content = UNMutableNotificationContent()
            content.title = item.title
            content.body = item.body.localized
            content.sound = .default
            let trigger = UNTimeIntervalNotificationTrigger(timeInterval: max(1, item.fireAt.timeIntervalSince(now)), repeats: false)
            try? await center.add(UNNotificationRequest(identifier: item.id, content: content, trigger: trigger))
        }
    }
}

/// Shows a timer's end while the app is on the screen too: iOS presents a foreground app's
/// notifications only as its delegate says, and silences them without one.
final class ForegroundNotifications: NSObject, UNUserNotificationCenterDelegate, Sendable {
    static let shared = ForegroundNotifications()

    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async -> UNNotificationPresentationOptions {
        [.banner, .list, .sound]
    }

    /// A tapped message notification opens its chat.
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        guard let chatID = (response.notification.request.content.userInfo["chat_id"] as? NSNumber)?.int64Value else { return }
        await MainActor.run { AppRuntime.shared.model?.openChat(chatID) }
    }
}

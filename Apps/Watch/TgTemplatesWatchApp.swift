import SwiftUI

/// The watch app: the phone's timers, kept in step over WatchConnectivity (no Telegram, no
/// TDLib on the watch; completion messages are the phone's business).
@main
struct TgTemplatesWatchApp: App {
    @State private var store = WatchTimerStore()

    var body: some Scene {
        WindowGroup {
            NavigationStack {
                WatchTimerListView(store: store)
            }
        }
    }
}

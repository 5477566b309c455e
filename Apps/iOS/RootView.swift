import SwiftUI
import TgtAppModel

/// Shows the screen the model routes to: credentials, login, or the main tabs.
struct RootView: View {
    @State private var runtime = RootState()

    var body: some View {
        Group {
            if let model = runtime.model {
                switch model.route {
                case .starting:
                    ProgressView { Text(AppText.prompt(.starting)) }
                case .credentials:
                    CredentialsView(model: model.credentials)
                case .login:
                    LoginView(model: model.login)
                case .main:
                    MainScreen(app: model)
                case .unavailable(let why):
                    ContentUnavailableView { Label { Text(why) } icon: { Image(systemName: "exclamationmark.triangle") } }
                }
            } else if let failure = runtime.failure {
                ContentUnavailableView { Label { Text(failure) } icon: { Image(systemName: "lock.trianglebadge.exclamationmark") } }
            } else {
                ProgressView()
            }
        }
        .task { await runtime.follow() }
    }
}

/// Waits for the app model to exist (it is started by the app's `.task`).
@Observable @MainActor
final class RootState {
    var model: AppModel?
    var failure: AppText?

    func follow() async {
        while model == nil, failure == nil {
            model = AppRuntime.shared.model
            failure = AppRuntime.shared.startupFailure
            if model == nil, failure == nil { try? await Task.sleep(for: .milliseconds(50)) }
        }
    }
}

/// The main tabs, with a banner on top when a snippet was left as typed (`SnippetNotices`: told
/// here while the app is on the screen, as a notification otherwise).
struct MainScreen: View {
    let app: AppModel
    @Environment(\.scenePhase) private var phase

    var body: some View {
        MainTabs(app: app)
            .safeAreaInset(edge: .top) {
                if let notice = app.snippetNotices.notice {
                    HStack {
                        Text(notice).font(.footnote)
                        Spacer()
                        Button(AppText.label(.dismiss).localized) { app.snippetNotices.dismiss() }.font(.footnote)
                    }
                    .padding(6)
                    .background(.orange.opacity(0.25))
                }
            }
            .onChange(of: phase, initial: true) { _, now in app.snippetNotices.isInForeground = now == .active }
    }
}

/// Templates, Chats (badge: unread chats that are not muted), Timers and Settings, with the
/// connection state on top. A tapped message notification shows its chat
/// (`AppModel.chatToOpen`).
struct MainTabs: View {
    let app: AppModel

    private enum Tab: Hashable { case templates, chats, timers, settings }
    @State private var tab = Tab.templates
    @State private var chatPath = NavigationPath()

    var body: some View {
        TabView(selection: $tab) {
            NavigationStack {
                TemplateGridView(app: app, model: app.templates)
            }
            .tabItem { Label(AppText.label(.tabTemplates).localized, systemImage: "square.grid.2x2") }
            .tag(Tab.templates)
            NavigationStack(path: $chatPath) {
                ChatListView(app: app, model: app.chats)
            }
            .tabItem { Label(AppText.label(.tabChats).localized, systemImage: "bubble.left.and.bubble.right") }
            .badge(app.chats.unreadChats)
            .tag(Tab.chats)
            NavigationStack {
                TimerListView(app: app, model: app.timers)
            }
            .tabItem { Label(AppText.label(.tabTimers).localized, systemImage: "timer") }
            .tag(Tab.timers)
            NavigationStack {
                SettingsView(model: app.settings, places: app.places)
            }
            .tabItem { Label(AppText.label(.tabSettings).localized, systemImage: "gear") }
            .tag(Tab.settings)
        }
        .onChange(of: app.chatToOpen, initial: true) { _, chatID in
            guard let chatID else { return }
            tab = .chats
            chatPath = NavigationPath()
            // A forum opens at its topics, as from the list.
            if app.chats.rows().contains(where: { $0.id == chatID && $0.isForum }) {
                chatPath.append(ForumLink(chatID: chatID))
            } else {
                chatPath.append(chatID)
            }
            app.chatOpened()
        }
        .safeAreaInset(edge: .top) {
            if !app.isConnected {
                Text(app.connection)
                    .font(.footnote)
                    .padding(6)
                    .frame(maxWidth: .infinity)
                    .background(.yellow.opacity(0.25))
                    .accessibilityAddTraits(.updatesFrequently)
            }
        }
        // Every timer change reloads the list: the activities, notifications, widget and watch follow.
        .onChange(of: app.timers.timers) { Task { await TimerSurfaces.shared.timersChanged() } }
        // A templates file opened with the app (TgTemplatesApp's onOpenURL) says how its import went.
        .alert(AppText.label(.importTitle).localized, isPresented: Binding(
            get: { app.settings.importNotice != nil }, set: { if !$0 { app.settings.dismissImportNotice() } })
        ) {
            Button(AppText.label(.ok).localized) { app.settings.dismissImportNotice() }
        } message: {
            Text(app.settings.importNotice ?? .verbatim(""))
        }
    }
}

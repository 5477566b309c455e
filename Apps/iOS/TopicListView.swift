import SwiftUI
import TgtAppModel

/// What a forum's row in the chat list pushes: its topics.
struct ForumLink: Hashable {
    let chatID: Int64
}

/// A forum's topics (`ForumTopicsModel`), as Telegram lists them: each with its unread badge,
/// a pin or a lock; a topic opens its own conversation, where what is sent goes into it.
struct TopicListView: View {
    let app: AppModel
    @State private var model: ForumTopicsModel

    init(app: AppModel, chatID: Int64) {
        self.app = app
        _model = State(initialValue: app.topics(of: chatID))
    }

    var body: some View {
        List(model.rows) { row in
            NavigationLink { ConversationView(app: app, chatID: model.chatID, topicID: row.id) } label: { TopicRowView(row: row) }
        }
        .listStyle(.plain)
        .overlay {
            if let error = model.loadError {
                Text(error).foregroundStyle(.red).padding()
            } else if model.rows.isEmpty && model.isLoading {
                ProgressView()
            }
        }
        .navigationTitle(Text(verbatim: model.title))
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                NavigationLink { ProfileView(app: app, chatID: model.chatID) } label: { Image(systemName: "info.circle") }
                    .accessibilityLabel(Text(AppText.label(.profile)))
            }
        }
        .refreshable { await model.load() }
        // Followed while shown; a topic opened on top reads them again when it is left.
        .task { await model.open() }
        .onDisappear { model.close() }
    }
}

/// One topic: its name, a lock when closed, and its unread badge or pin.
struct TopicRowView: View {
    let row: ForumTopicsModel.Row

    var body: some View {
        HStack(spacing: 10) {
            Image(systemName: row.isGeneral ? "number" : "bubble.left.and.bubble.right").foregroundStyle(.tint).frame(width: 28)
                .accessibilityHidden(true)
            Text(verbatim: row.title).font(.headline).lineLimit(1)
            if row.isClosed {
                Image(systemName: "lock.fill").font(.caption).foregroundStyle(.secondary)
                    .accessibilityLabel(Text(AppText.label(.topicClosed)))
            }
            Spacer(minLength: 4)
            if let badge = row.unreadBadge {
                Text(verbatim: badge).font(.caption.bold()).foregroundStyle(.white)
                    .padding(.horizontal, 7).frame(minWidth: 22, minHeight: 22)
                    .background(Color.accentColor, in: Capsule())
            } else if row.isPinned {
                Image(systemName: "pin.fill").font(.caption).foregroundStyle(.secondary)
                    .accessibilityLabel(Text(AppText.label(.pinned)))
            }
        }
        .padding(.vertical, 4)
        .accessibilityElement(children: .combine)
    }
}

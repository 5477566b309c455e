import SwiftUI
import TgtAppModel
import UIKit

/// The chats: Telegram's order, the folder bar, search, the archive, the contacts, and each
/// row's avatar, preview (or who is typing), time, unread badge and mute/pin marks; a row
/// opens the conversation (a forum's, its topics).
struct ChatListView: View {
    let app: AppModel
    @Bindable var model: ChatListModel

    var body: some View {
        TimelineView(.everyMinute) { context in
            List(model.rows(now: context.date)) { row in
                if row.isForum {
                    NavigationLink(value: ForumLink(chatID: row.id)) { ChatRowView(row: row, sharpPhoto: { await app.chatPhoto(row.id) }) }
                } else {
                    NavigationLink(value: row.id) { ChatRowView(row: row, sharpPhoto: { await app.chatPhoto(row.id) }) }
                }
            }
            .listStyle(.plain)
        }
        .overlay {
            if let empty = model.emptyText {
                ContentUnavailableView { Label { Text(empty) } icon: { Image(systemName: "bubble.left.and.bubble.right") } }
            } else if let error = model.loadError {
                Text(error).foregroundStyle(.red).padding()
            }
        }
        .safeAreaInset(edge: .top) {
            if !model.folderChips.isEmpty && !model.showsArchive { FolderBar(model: model) }
        }
        .searchable(text: $model.search, prompt: AppText.label(.searchChats).localized)
        .navigationTitle(AppText.label(model.showsArchive ? .archive : .tabChats).localized)
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                NavigationLink { ContactsView(app: app) } label: { Image(systemName: "person.2") }
                    .accessibilityLabel(Text(AppText.label(.contacts)))
            }
            ToolbarItem(placement: .primaryAction) {
                Toggle(isOn: $model.showsArchive) {
                    Label { Text(AppText.label(.archive)) } icon: { Image(systemName: "archivebox") }
                }
                .toggleStyle(.button)
            }
        }
        .navigationDestination(for: Int64.self) { chatID in ConversationView(app: app, chatID: chatID) }
        .navigationDestination(for: ForumLink.self) { forum in TopicListView(app: app, chatID: forum.chatID) }
        .onChange(of: model.search) { Task { await model.reload() } }
        .onChange(of: model.showsArchive) { Task { await model.reload() } }
        .refreshable { await model.reload() }
        .task { await model.reload() }
    }
}

/// One chat: avatar, title with the mute mark, ticks and time; preview, mention, badge or pin.
struct ChatRowView: View {
    let row: ChatListModel.Row
    /// The chat's photo itself (`AppModel.chatPhoto`).
    var sharpPhoto: (() async -> URL?)?

    var body: some View {
        HStack(spacing: 12) {
            ChatAvatar(initials: row.initials, photo: row.photoPreview, sharp: sharpPhoto)
            VStack(alignment: .leading, spacing: 3) {
                HStack(spacing: 4) {
                    Text(verbatim: row.title).font(.headline).lineLimit(1)
                    if row.isMuted {
                        Image(systemName: "speaker.slash.fill").font(.caption).foregroundStyle(.secondary)
                            .accessibilityLabel(Text(AppText.label(.muted)))
                    }
                    Spacer(minLength: 4)
                    if let ticks = row.ticks { Text(verbatim: ticks).font(.caption).foregroundStyle(.tint) }
                    Text(verbatim: row.time).font(.caption).foregroundStyle(.secondary)
                }
                HStack(alignment: .top, spacing: 6) {
                    if let preview = row.preview {
                        if row.isTyping {
                            Text(preview).font(.subheadline.italic()).foregroundStyle(.tint).lineLimit(1)
                        } else {
                            Text(preview).font(.subheadline).foregroundStyle(.secondary).lineLimit(2)
                        }
                    }
                    Spacer(minLength: 4)
                    if row.hasMention {
                        Image(systemName: "at.circle.fill").foregroundStyle(.tint).accessibilityLabel(Text(AppText.label(.mentioned)))
                    }
                    if let badge = row.unreadBadge {
                        Text(verbatim: badge).font(.caption.bold()).foregroundStyle(.white)
                            .padding(.horizontal, 7).frame(minWidth: 22, minHeight: 22)
                            .background(row.isMuted ? Color.gray : Color.accentColor, in: Capsule())
                    } else if row.isPinned {
                        Image(systemName: "pin.fill").font(.caption).foregroundStyle(.secondary)
                            .accessibilityLabel(Text(AppText.label(.pinned)))
                    }
                }
            }
        }
        .padding(.vertical, 2)
        .accessibilityElement(children: .combine)
    }
}

/// A round avatar: the photo itself once fetched (`sharp`), meanwhile its blurred preview, or
/// the initials.
struct ChatAvatar: View {
    let initials: String
    let photo: Data?
    var size: CGFloat = 48
    /// Fetches the photo itself (`AppModel.chatPhoto`); nil: the preview only.
    var sharp: (() async -> URL?)?
    @State private var image: UIImage?

    var body: some View {
        Group {
            if let image {
                Image(uiImage: image).resizable().scaledToFill()
            } else if let photo, let image = UIImage(data: photo) {
                Image(uiImage: image).resizable().scaledToFill()
            } else {
                Text(verbatim: initials).font(.system(size: size * 0.38, weight: .semibold)).foregroundStyle(.white)
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
                    .background(Color.accentColor.gradient)
            }
        }
        .frame(width: size, height: size)
        .clipShape(Circle())
        .accessibilityHidden(true)
        .task(id: photo) {
            // A changed or removed photo: its preview changed too, and the picture is asked again.
            image = nil
            guard photo != nil, let sharp, let url = await sharp() else { return }
            image = UIImage(contentsOfFile: url.path)
        }
    }
}

/// The folder bar above the list: "All chats" and the account's folders, each with its unread
/// chats (grey when all of them are muted); the chosen one is filled.
struct FolderBar: View {
    let model: ChatListModel

    var body: some View {
        ScrollView(.horizontal, showsIndicators: false) {
            HStack(spacing: 8) {
                ForEach(model.folderChips) { chip in
                    Button {
                        Task { await model.choose(folder: chip.folderID) }
                    } label: {
                        HStack(spacing: 6) {
                            Text(chip.name)
                            if let unread = chip.unread {
                                Text(verbatim: unread).font(.caption.bold()).foregroundStyle(.white)
                                    .padding(.horizontal, 6).frame(minWidth: 20, minHeight: 20)
                                    .background(chip.onlyMuted ? Color.gray : Color.accentColor, in: Capsule())
                            }
                        }
                    }
                    .buttonStyle(.bordered)
                    .tint(chip.isSelected ? Color.accentColor : Color.secondary)
                    .accessibilityAddTraits(chip.isSelected ? .isSelected : [])
                }
            }
            .padding(.horizontal)
            .padding(.vertical, 6)
        }
        .background(.bar)
    }
}

import SwiftUI
import TgtAppModel
import TgtApplication
import UIKit

/// One chat: bubbles with day headers (older ones load when the top appears), the
/// jump-to-latest button, the composer (or why this chat cannot be written to), and a bubble's
/// menu: reply, react (the chat's reactions), forward, pin or unpin, copy, edit, select, delete
/// with Telegram's choices, cancel a send still going; the pinned bar at the top (a tap scrolls
/// there and moves on to the next older pinned message). While messages are chosen, a tap
/// ticks a bubble and a bar replaces the composer: how many, Forward, Delete, Cancel.
struct ConversationView: View {
    let app: AppModel
    @State private var model: ConversationModel
    @State private var composer: ComposerModel
    @State private var deleting: ChatMessageItem?
    @State private var deleteOptions: [DeleteOption] = []
    @State private var reacting: ChatMessageItem?
    @State private var reactionChoices: [String] = []
    @State private var forwarding: ChatMessageItem?
    @State private var pinning: ChatMessageItem?
    @State private var forwardingSelection = false
    @State private var deletingSelection = false
    /// The sender whose name was tapped: their profile.
    @State private var profileShown: Int64?
    @State private var selectionDeleteOptions: [DeleteOption] = []

    /// A chat's conversation, or one topic's of a forum with `topicID`.
    init(app: AppModel, chatID: Int64, topicID: Int32? = nil) {
        self.app = app
        _model = State(initialValue: app.conversation(for: chatID, topicID: topicID))
        _composer = State(initialValue: app.composer(for: chatID, topicID: topicID))
    }

    var body: some View {
        ScrollViewReader { proxy in
            ScrollView {
                LazyVStack(spacing: 0) {
                    if model.hasOlder {
                        ProgressView().frame(maxWidth: .infinity).padding()
                            .onAppear { Task { await loadOlder(proxy) } }
                    }
                    ForEach(model.rows()) { row in
                        if let day = row.dayHeader {
                            Text(day).font(.caption.bold()).padding(.horizontal, 10).padding(.vertical, 4)
                                .background(.thinMaterial, in: Capsule()).padding(.vertical, 8)
                        }
                        MessageBubble(row: row, onReaction: { reaction in Task { await model.toggleReaction(reaction.key, on: row.item) } },
                                      onOpenMedia: { Task { await model.openMedia(row.item) } }, isOpening: model.openingMediaID == row.id,
                                      upload: model.upload(of: row.item), onCancelUpload: { Task { await model.cancelSending(row.item) } },
                                      isChosen: model.isSelecting && model.canSelect(row.item) ? model.selection.contains(row.id) : nil,
                                      onOpenSender: { profileShown = row.item.sender.id },
                                      picture: { await model.bubblePicture(for: row.item) },
                                      voice: model.voice, onPlayVoice: { Task { await model.playVoiceNote(row.item) } })
                            .id(row.id)
                            // While choosing, a tap anywhere on a bubble (its photo or reactions too) ticks it.
                            .overlay {
                                if model.isSelecting {
                                    Color.clear.contentShape(Rectangle()).onTapGesture { model.toggleSelection(row.item) }
                                }
                            }
                            .contextMenu { menu(for: row.item) }
                    }
                    // A window opened further back reads the newer pages on the way down.
                    if model.isDetachedFromLatest {
                        // Asked again whenever the newest shown changes or a load ends.
                        ProgressView().frame(maxWidth: .infinity).padding()
                            .task(id: "\(model.messages.last?.id ?? 0) \(model.isLoading)") { if !model.isLoading { await model.loadNewer() } }
                    }
                }
                .padding(.horizontal, 8)
            }
            .defaultScrollAnchor(.bottom)
            .safeAreaInset(edge: .top) {
                if let shown = model.pinnedShown { pinnedBar(shown, proxy) }
            }
            .overlay(alignment: .bottomTrailing) {
                if model.isDetachedFromLatest { jumpButton(proxy) }
            }
            .onChange(of: model.messages.last?.id) { _, last in
                // Only an arrival follows the newest; paging keeps the place being read.
                guard let last, !model.isDetachedFromLatest, !model.lastChangeWasPaging else { return }
                withAnimation { proxy.scrollTo(last, anchor: .bottom) }
            }
        }
        .safeAreaInset(edge: .bottom) {
            if model.isSelecting {
                selectionBar
            } else if let reason = model.cannotWrite {
                Text(reason).font(.footnote).foregroundStyle(.secondary).frame(maxWidth: .infinity).padding().background(.bar)
            } else {
                ComposerView(app: app, model: composer)
            }
        }
        .overlay {
            if let error = model.loadError ?? model.actionError { Text(error).foregroundStyle(.red).padding() }
        }
        .navigationTitle(Text(verbatim: model.title))
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            // The title, and under it who is typing or the person's status.
            ToolbarItem(placement: .principal) {
                VStack(spacing: 0) {
                    Text(verbatim: model.title).font(.headline).lineLimit(1)
                    if let subtitle = model.subtitle {
                        Text(verbatim: subtitle).font(.caption).foregroundStyle(.secondary).lineLimit(1)
                    }
                }
                .accessibilityElement(children: .combine)
            }
            ToolbarItem(placement: .primaryAction) {
                NavigationLink { ProfileView(app: app, chatID: model.chatID, fromChatID: model.chatID) } label: { Image(systemName: "info.circle") }
                    .accessibilityLabel(Text(AppText.label(.profile)))
            }
        }
        .navigationDestination(item: $profileShown) { senderID in ProfileView(app: app, chatID: senderID, fromChatID: model.chatID) }
        .task { await model.open() }
        .onDisappear { Task { await model.close() } }
        .confirmationDialog(AppText.label(.deleteMessage).localized, isPresented: Binding(
            get: { deleting != nil }, set: { if !$0 { deleting = nil } }), titleVisibility: .visible, presenting: deleting
        ) { item in
            ForEach(deleteOptions) { option in
                Button(option.title.localized, role: .destructive) { Task { await composer.delete(item, forEveryone: option.forEveryone) } }
            }
            Button(AppText.label(.cancel).localized, role: .cancel) {}
        }
        .confirmationDialog(AppText.label(.pin).localized, isPresented: Binding(
            get: { pinning != nil }, set: { if !$0 { pinning = nil } }), titleVisibility: .visible, presenting: pinning
        ) { item in
            Button(AppText.label(.pinForBoth).localized) { Task { await model.setPinned(item, pinned: true, forEveryone: true) } }
            Button(AppText.label(.pinForMe).localized) { Task { await model.setPinned(item, pinned: true, forEveryone: false) } }
            Button(AppText.label(.cancel).localized, role: .cancel) {}
        }
        .sheet(item: Binding(get: { model.openedMedia }, set: { if $0 == nil { model.closeMedia() } })) { media in
            MediaViewer(media: media) { model.closeMedia() }
        }
        // While a voice note plays, where it is is read a few times a second and its end
        // noticed, whether or not its bubble is on screen (bubbles come and go as it scrolls).
        .task(id: model.voice.isPlaying) {
            while model.voice.isPlaying, !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(250))
                model.voice.refresh()
            }
        }
        .sheet(item: $forwarding) { item in
            ForwardSheet(model: model, send: { chat, topic, hide in await model.forward(item, to: chat, topicID: topic, hideSender: hide) }) {
                forwarding = nil
            }
        }
        .sheet(isPresented: $forwardingSelection) {
            ForwardSheet(model: model, send: { chat, topic, hide in await model.forwardSelected(to: chat, topicID: topic, hideSender: hide) }) {
                forwardingSelection = false
            }
        }
        .confirmationDialog(model.deleteSelectionTitle.localized, isPresented: $deletingSelection, titleVisibility: .visible) {
            ForEach(selectionDeleteOptions) { option in
                Button(option.title.localized, role: .destructive) { Task { await model.deleteSelected(forEveryone: option.forEveryone) } }
            }
            Button(AppText.label(.cancel).localized, role: .cancel) {}
        }
        .confirmationDialog(AppText.label(.addReaction).localized, isPresented: Binding(
            get: { reacting != nil }, set: { if !$0 { reacting = nil } }), titleVisibility: .visible, presenting: reacting
        ) { item in
            ForEach(reactionChoices, id: \.self) { emoji in
                Button(emoji) { Task { await model.toggleReaction(emoji, on: item) } }
            }
            Button(AppText.label(.cancel).localized, role: .cancel) {}
        }
    }

    @ViewBuilder private func menu(for item: ChatMessageItem) -> some View {
        ForEach(model.actions(for: item)) { action in
            Button(role: action.isDestructive ? .destructive : nil) { perform(action, on: item) } label: { Text(action.title) }
        }
    }

    private func perform(_ action: BubbleAction, on item: ChatMessageItem) {
        switch action {
        case .reply: composer.reply(to: item)
        case .react:
            Task {
                reactionChoices = await model.reactionChoices(for: item)
                if !reactionChoices.isEmpty { reacting = item }
            }
        case .forward: forwarding = item
        case .pin:
            Task {
                let choices = await model.pinChoices(for: item)
                if choices.asksForEveryone { pinning = item } else { await model.setPinned(item, pinned: true) }
            }
        case .unpin: Task { await model.setPinned(item, pinned: false) }
        case .copy: UIPasteboard.general.string = item.text
        case .edit: composer.edit(item)
        case .select: model.startSelecting(with: item)
        case .delete:
            Task {
                deleteOptions = await composer.deleteOptions(for: item)
                if !deleteOptions.isEmpty { deleting = item }
            }
        case .cancelSending: Task { await model.cancelSending(item) }
        }
    }

    /// While messages are chosen: Cancel, how many, Forward and Delete (what Telegram allows for all of them).
    private var selectionBar: some View {
        HStack {
            Button(AppText.label(.cancel).localized) { model.endSelection() }
            Spacer()
            Text(model.selectionTitle).font(.headline)
            Spacer()
            Button { forwardingSelection = true } label: { Image(systemName: "arrowshape.turn.up.right") }
                .accessibilityLabel(Text(AppText.label(.forward)))
            Button(role: .destructive) {
                Task {
                    selectionDeleteOptions = await model.deleteOptionsForSelection()
                    if !selectionDeleteOptions.isEmpty { deletingSelection = true }
                }
            } label: { Image(systemName: "trash") }
                .accessibilityLabel(Text(AppText.label(.delete)))
        }
        .padding()
        .background(.bar)
    }

    /// The newest pinned message (or the one a tap moved on to), "2 of 3" when there are several.
    private func pinnedBar(_ shown: (item: ChatMessageItem, position: Int, count: Int), _ proxy: ScrollViewProxy) -> some View {
        Button {
            guard let item = model.tapPinnedBar() else { return }
            // One from long ago: the page around it first, drawn before it is scrolled to.
            Task {
                guard await model.reveal(item.id) else { return }
                await Task.yield()
                withAnimation { proxy.scrollTo(item.id, anchor: .center) }
            }
        } label: {
            HStack {
                Image(systemName: "pin.fill").foregroundStyle(.tint)
                VStack(alignment: .leading, spacing: 1) {
                    Text(verbatim: shown.count > 1 ? "\(AppText.label(.pinnedMessage).localized) \(shown.position)/\(shown.count)" : AppText.label(.pinnedMessage).localized)
                        .font(.caption.bold()).foregroundStyle(.tint)
                    Text(verbatim: shown.item.text.isEmpty ? (shown.item.media?.label ?? "") : shown.item.text).font(.caption).lineLimit(1)
                }
                Spacer(minLength: 0)
            }
            .padding(.horizontal).padding(.vertical, 6)
        }
        .buttonStyle(.plain)
        .background(.bar)
    }

    /// Prepends the page before the oldest bubble and keeps that bubble where it was.
    private func loadOlder(_ proxy: ScrollViewProxy) async {
        let anchor = model.messages.first?.id
        await model.loadOlder()
        if let anchor { proxy.scrollTo(anchor, anchor: .top) }
    }

    private func jumpButton(_ proxy: ScrollViewProxy) -> some View {
        Button {
            Task {
                await model.loadLatest()
                if let last = model.messages.last?.id { proxy.scrollTo(last, anchor: .bottom) }
                await model.markRead()
            }
        } label: {
            Image(systemName: "chevron.down.circle.fill").font(.largeTitle).symbolRenderingMode(.hierarchical)
                .overlay(alignment: .topTrailing) {
                    if model.unreadBelow > 0 {
                        Text(verbatim: String(model.unreadBelow)).font(.caption2.bold()).foregroundStyle(.white)
                            .padding(4).background(Color.accentColor, in: Capsule())
                    }
                }
        }
        .accessibilityLabel(Text(AppText.label(.jumpToLatest)))
        .padding()
    }
}

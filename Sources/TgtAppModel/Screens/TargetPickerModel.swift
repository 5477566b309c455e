import Foundation
import Observation
import TgtApplication
import TgtDomain

/// Chooses where a template goes: Saved Messages, private chats, groups, forum topics and
/// channels, with member counts and search, loaded from the cache first and refreshed from
/// Telegram. Chats the account cannot post in are shown with the reason and cannot be chosen
/// (a target the template already has can still be removed).
@Observable @MainActor
public final class TargetPickerModel {
    public enum State: Sendable, Equatable {
        case loading
        case loaded
        /// The account has no chats to post in (or none loaded yet).
        case empty
        case failed(AppText)
    }

    /// One line in the picker: a chat, or a forum topic under it.
    public struct Row: Sendable, Equatable, Identifiable {
        public var target: Target
        public var isTopic: Bool
        /// "42 members", "Private chat", "You cannot post here: …" for chats; nil for topics.
        public var detail: AppText?
        public var isSelected: Bool
        /// False for a chat the account cannot post in that is not already chosen.
        public var isEnabled: Bool
        public var id: TargetKey { target.key }
    }

    public private(set) var state: State = .loading
    public private(set) var chats: [CachedChat] = []
    public var search = ""
    /// The chosen targets, in the order they were picked (the send order).
    public internal(set) var selected: [Target]

    @ObservationIgnored let workspace: Workspace
    @ObservationIgnored let host: LiveSession

    init(workspace: Workspace, host: LiveSession, selected: [Target]) {
        self.workspace = workspace
        self.host = host
        self.selected = selected
    }

    /// Shows the cached directory, then asks Telegram when there is none or it was written
    /// before every chat kind could be a target (an out-of-date list stays shown if that fails).
    public func load() async {
        chats = (try? workspace.cachedChats()) ?? []
        if chats.isEmpty {
            await refresh()
        } else {
            state = .loaded
            if (try? workspace.chatDirectoryIsCurrent()) != true, let fresh = try? await host.refreshChats(), !fresh.isEmpty { chats = fresh }
        }
    }

    /// Reloads the directory from Telegram.
    public func refresh() async {
        if chats.isEmpty { state = .loading }
        do {
            chats = try await host.refreshChats()
            state = chats.isEmpty ? .empty : .loaded
        } catch {
            state = .failed(AppText("picker.failed", error.message))
        }
    }

    /// Chats and their topics that match the search (a chat matching shows all its topics).
    public var rows: [Row] {
        var rows: [Row] = []
        let chosen = Set(selected.map(\.key))
        for chat in CachedChat.filter(chats, search: search) {
            let target = chat.target()
            rows.append(Row(target: target, isTopic: false, detail: Self.detail(chat), isSelected: chosen.contains(target.key),
                            isEnabled: chat.canPost || chosen.contains(target.key)))
            for topic in chat.topics {
                let topicTarget = chat.target(topic: topic)
                rows.append(Row(target: topicTarget, isTopic: true, detail: nil, isSelected: chosen.contains(topicTarget.key),
                                isEnabled: chat.canPost || chosen.contains(topicTarget.key)))
            }
        }
        return rows
    }

    static func detail(_ chat: CachedChat) -> AppText {
        if let refusal = chat.cannotPost { return AppText("picker.cannotPost", sentence: .postRefusal(refusal)) }
        switch chat.kind {
        case .savedMessages: return AppText("picker.savedMessages")
        case .privateChat: return AppText("picker.privateChat")
        case .channel: return AppText("picker.subscribers", String(chat.memberCount))
        case .basicGroup, .supergroup: return AppText("picker.members", String(chat.memberCount))
        }
    }

    /// Shown instead of rows when the search leaves none.
    public var noMatch: AppText? {
        guard state == .loaded, rows.isEmpty, !search.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return AppText("picker.noMatch", search)
    }

    public var emptyText: AppText? { state == .empty ? AppText("picker.empty") : nil }

    /// Adds or removes a target; a chat the account cannot post in is never added.
    public func toggle(_ target: Target) {
        if let index = selected.firstIndex(where: { $0.key == target.key }) {
            selected.remove(at: index)
        } else if chats.first(where: { $0.id == target.chatID })?.canPost != false {
            selected.append(target)
        }
    }
}

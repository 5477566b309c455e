import SwiftUI
import TgtAppModel
import TgtApplication

/// Where to forward one message or the chosen ones: the chats you may write in, searchable; a
/// forum then lists its topics. "Hide the sender's name" sends a copy. Thin over
/// `ConversationModel`'s forward (`send` is it, for one message or for the chosen ones).
struct ForwardSheet: View {
    let model: ConversationModel
    let send: @MainActor (_ chatID: Int64, _ topicID: Int32?, _ hideSender: Bool) async -> Bool
    let done: () -> Void
    @State private var targets: [ChatSummary] = []
    @State private var topics: [ForumTopicItem] = []
    @State private var forum: ChatSummary?
    @State private var search = ""
    @State private var hideSender = false

    var body: some View {
        NavigationStack {
            List {
                Toggle(AppText.label(.hideSender).localized, isOn: $hideSender)
                if let forum {
                    ForEach(topics, id: \.id) { topic in
                        Button { send(to: forum.id, topic: topic.id) } label: { Text(verbatim: topic.title) }
                    }
                } else {
                    ForEach(shown, id: \.id) { chat in
                        Button { choose(chat) } label: { Text(verbatim: chat.title) }
                    }
                }
                if let error = model.actionError { Text(error).foregroundStyle(.red) }
            }
            .searchable(text: $search, prompt: AppText.label(.searchChats).localized)
            .navigationTitle(AppText.label(.forwardTo).localized)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button(AppText.label(.cancel).localized) { done() } }
            }
            .task { targets = await model.forwardTargets() }
        }
    }

    private var shown: [ChatSummary] {
        let query = search.trimmingCharacters(in: .whitespaces)
        return query.isEmpty ? targets : targets.filter { $0.title.localizedCaseInsensitiveContains(query) }
    }

    private func choose(_ chat: ChatSummary) {
        guard chat.kind == .forum else { return send(to: chat.id, topic: nil) }
        Task {
            topics = await model.forwardTopics(of: chat.id)
            forum = chat
        }
    }

    private func send(to chatID: Int64, topic: Int32?) {
        Task { if await send(chatID, topic, hideSender) { done() } }
    }
}

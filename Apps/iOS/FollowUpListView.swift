import SwiftUI
import TgtAppModel

/// The Follow-ups screen: the live follow-ups (the rule in words, the message it follows, where
/// it stands, when it is judged) with Cancel after a confirmation, then the ones that ended
/// lately with how and why; a note that they are judged only while the app is open. Everything
/// shown and decided is `FollowUpListModel`'s.
struct FollowUpListView: View {
    @Bindable var model: FollowUpListModel
    @State private var cancelling: UUID?

    var body: some View {
        List {
            if let error = model.error {
                Text(error).foregroundStyle(.red)
            }
            if !model.live.isEmpty {
                Section {
                    ForEach(model.live) { row in
                        FollowUpRow(row: row) { cancelling = row.id }
                    }
                } header: {
                    Text(AppText.label(.followUpsLive))
                } footer: {
                    Text(model.watchNote)
                }
            }
            if !model.ended.isEmpty {
                Section {
                    ForEach(model.ended) { row in FollowUpRow(row: row, cancel: nil) }
                } header: {
                    Text(AppText.label(.followUpsEnded))
                }
            }
        }
        .overlay {
            if let empty = model.emptyText {
                ContentUnavailableView {
                    Label { Text(AppText.label(.followUps)) } icon: { Image(systemName: "bell.badge") }
                } description: {
                    Text(verbatim: empty.localized + "\n\n" + model.watchNote.localized)
                }
            }
        }
        .navigationTitle(AppText.label(.followUps).localized)
        .confirmationDialog(cancelling.map { model.cancelQuestion($0).localized } ?? "", isPresented: Binding(
            get: { cancelling != nil }, set: { if !$0 { cancelling = nil } }), titleVisibility: .visible
        ) {
            Button(AppText.label(.cancelFollowUp).localized, role: .destructive) {
                if let id = cancelling { model.cancel(id) }
                cancelling = nil
            }
        }
        .onAppear { model.reload() }
    }
}

/// One follow-up: its rule in words, what it follows, where it stands or how it ended, and
/// Cancel while it may still be cancelled (nil for the ended ones).
struct FollowUpRow: View {
    let row: FollowUpListModel.Row
    let cancel: (@MainActor () -> Void)?

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            if let label = row.dueLabel, let due = row.dueAt {
                HStack {
                    Text(label)
                    Text(due, format: .dateTime.weekday(.abbreviated).day().month(.abbreviated).hour().minute())
                }
                .font(.caption).foregroundStyle(.secondary)
            }
            if let ended = row.endedAt {
                HStack {
                    Text(row.state).font(.caption.bold())
                    Text(ended, format: .dateTime.day().month(.abbreviated).hour().minute()).font(.caption).foregroundStyle(.secondary)
                }
            }
            Text(row.sentence).font(.headline)
            Text(row.about).font(.subheadline).foregroundStyle(.secondary)
            if row.endedAt == nil { Text(row.state).font(.caption) }
            if let reason = row.reason { Text(reason).font(.caption) }
            if row.canCancel, let cancel {
                Button(role: .destructive, action: cancel) { Text(AppText.label(.cancelFollowUp)) }
                    .buttonStyle(.bordered)
            }
        }
    }
}

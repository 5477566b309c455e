import SwiftUI
import TgtAppModel
import TgtDomain

/// The timers: cards with icon, name, time in the timer's color, PAUSED/DONE, to-dos and notes;
/// the empty state with New timer; delete and reorder; a card opens the timer.
struct TimerListView: View {
    let app: AppModel
    @Bindable var model: TimerListModel
    @State private var editor: TimerEditorModel?

    var body: some View {
        TimelineView(.periodic(from: .now, by: 1)) { context in
            let cards = model.cards(at: context.date)
            List {
                ForEach(cards) { card in
                    NavigationLink(value: card.id) { TimerCardRow(card: card) }
                }
                .onDelete { offsets in
                    for index in offsets where cards.indices.contains(index) { model.delete(cards[index].id) }
                }
                .onMove { model.move(fromOffsets: $0, toOffset: $1) }
            }
        }
        .overlay {
            if let empty = model.emptyText {
                ContentUnavailableView {
                    Label { Text(empty) } icon: { Image(systemName: "timer") }
                } actions: {
                    Button { editor = app.timerEditor(for: nil) } label: { Text(AppText.label(.newTimer)) }
                }
            } else if let error = model.loadError {
                Text(error).foregroundStyle(.red)
            }
        }
        .navigationTitle(AppText.label(.tabTimers).localized)
        .navigationDestination(for: UUID.self) { id in
            if let timer = model.timers.first(where: { $0.id == id }) {
                TimerDetailView(app: app, model: app.timerDetail(for: timer))
            }
        }
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Button { editor = app.timerEditor(for: nil) } label: {
                    Label { Text(AppText.label(.newTimer)) } icon: { Image(systemName: "plus") }
                }
            }
            ToolbarItem(placement: .topBarLeading) { EditButton() }
        }
        .sheet(item: $editor) { editor in
            NavigationStack { TimerEditorView(model: editor) }
        }
        .onAppear { model.reload() }
    }
}

/// One card.
struct TimerCardRow: View {
    let card: TimerListModel.Card

    var body: some View {
        HStack(spacing: 12) {
            Image(systemName: card.icon.symbolName).font(.title2).foregroundStyle(Color(timerHex: card.color.rawValue)).frame(width: 36)
            VStack(alignment: .leading, spacing: 2) {
                Text(verbatim: card.name).font(.headline)
                HStack(spacing: 8) {
                    if let todos = card.todos { Text(todos) }
                    Text(card.notes)
                }
                .font(.caption).foregroundStyle(.secondary)
            }
            Spacer()
            VStack(alignment: .trailing, spacing: 2) {
                Text(verbatim: card.time).font(.title3.monospacedDigit()).foregroundStyle(Color(timerHex: card.color.rawValue))
                if let label = card.label { Text(label).font(.caption2.bold()).foregroundStyle(.secondary) }
            }
        }
        .accessibilityElement(children: .combine)
    }
}


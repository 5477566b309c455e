import SwiftUI
import TgtDomain

/// The timer list: icon, name and the time left in the timer's color (counting down by itself
/// while running), PAUSED / DONE; a row opens the timer.
struct WatchTimerListView: View {
    let store: WatchTimerStore

    var body: some View {
        List {
            ForEach(store.timers) { timer in
                NavigationLink(value: timer.id) { WatchTimerRow(timer: timer) }
            }
            if let error = store.lastError {
                Text(verbatim: error).font(.footnote).foregroundStyle(.red)
            }
        }
        .overlay {
            if store.timers.isEmpty {
                ContentUnavailableView { Label { Text(verbatim: WatchText.empty) } icon: { Image(systemName: "timer") } }
            }
        }
        .navigationTitle(Text(verbatim: WatchText.title))
        .navigationDestination(for: UUID.self) { id in WatchTimerDetailView(store: store, timerID: id) }
        .onAppear { store.settle() }
    }
}

/// One row.
struct WatchTimerRow: View {
    let timer: CountdownTimer

    var body: some View {
        HStack {
            Image(systemName: timer.icon.symbolName).foregroundStyle(Color(timerHex: timer.color.rawValue))
            VStack(alignment: .leading) {
                Text(verbatim: timer.name).lineLimit(1)
                WatchTimerClock(timer: timer).font(.title3.monospacedDigit()).foregroundStyle(Color(timerHex: timer.color.rawValue))
            }
        }
    }
}

/// The time left: a countdown the system draws while running; otherwise still, with PAUSED / DONE.
struct WatchTimerClock: View {
    let timer: CountdownTimer

    var body: some View {
        switch timer.state {
        case .running(let endsAt) where endsAt > Date():
            Text(timerInterval: Date()...endsAt, countsDown: true)
        case .paused:
            Text(verbatim: "\(timer.clockText(at: Date())) \(WatchText.paused)")
        case .running, .completed:
            Text(verbatim: WatchText.done)
        case .idle:
            Text(verbatim: timer.duration.description)
        }
    }
}

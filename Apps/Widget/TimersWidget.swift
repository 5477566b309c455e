import SwiftUI
import TgtAppModel
import WidgetKit

/// Reads the running timers from the shared store (no TDLib in the extension). One entry lasts
/// until the first end, when the list changes; the countdowns draw themselves.
struct TimersProvider: TimelineProvider {
    static let kind = WidgetKinds.timers

    func placeholder(in context: Context) -> TimersEntry {
        TimersEntry(date: Date(), snapshot: nil)
    }

    func getSnapshot(in context: Context, completion: @escaping (TimersEntry) -> Void) {
        completion(entry(for: context.family, now: Date()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<TimersEntry>) -> Void) {
        let current = entry(for: context.family, now: Date())
        // The app also reloads this widget after every timer change.
        let policy: TimelineReloadPolicy = current.snapshot?.nextChange.map { .after($0) } ?? .never
        completion(Timeline(entries: [current], policy: policy))
    }

    private func entry(for family: WidgetFamily, now: Date) -> TimersEntry {
        let limit = switch family {
        case .systemSmall, .accessoryRectangular: 1
        case .systemLarge, .systemExtraLarge: 6
        default: 3
        }
        let workspace = try? AppGroup.openWorkspace()
        return TimersEntry(date: now, snapshot: workspace.flatMap { try? TimersWidgetSnapshot.make(from: $0, now: now, limit: limit) })
    }
}

struct TimersEntry: TimelineEntry {
    let date: Date
    let snapshot: TimersWidgetSnapshot?
}

/// The running timers, each with its icon, name and countdown, soonest end first.
struct TimersWidgetView: View {
    let entry: TimersEntry

    var body: some View {
        if let snapshot = entry.snapshot, !snapshot.items.isEmpty {
            VStack(alignment: .leading, spacing: 6) {
                ForEach(snapshot.items) { item in
                    HStack {
                        Image(systemName: item.symbol).foregroundStyle(Color(timerHex: item.colorHex))
                        Text(verbatim: item.name).font(.caption).lineLimit(1)
                        Spacer(minLength: 4)
                        Text(timerInterval: item.countdown, countsDown: true)
                            .font(.caption.monospacedDigit()).multilineTextAlignment(.trailing)
                            .foregroundStyle(Color(timerHex: item.colorHex))
                    }
                }
            }
        } else {
            Text(entry.snapshot?.emptyText ?? AppText.label(.tabTimers)).font(.caption).multilineTextAlignment(.center)
        }
    }
}

struct TimersWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: TimersProvider.kind, provider: TimersProvider()) { entry in
            TimersWidgetView(entry: entry).containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName(AppText.label(.tabTimers).localized)
        .description(AppText.label(.timersWidgetDescription).localized)
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryRectangular])
    }
}

import AppIntents
import SwiftUI
import TgtAppModel
import TgtStore
import WidgetKit

/// Reads the widget's snapshot from the shared store (no TDLib in the extension).
struct TemplatesProvider: TimelineProvider {
    func placeholder(in context: Context) -> TemplatesEntry {
        TemplatesEntry(date: Date(), snapshot: nil)
    }

    func getSnapshot(in context: Context, completion: @escaping (TemplatesEntry) -> Void) {
        completion(entry(for: context.family))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<TemplatesEntry>) -> Void) {
        // The app reloads the timelines whenever a template changes; nothing to poll.
        completion(Timeline(entries: [entry(for: context.family)], policy: .never))
    }

    private func entry(for family: WidgetFamily) -> TemplatesEntry {
        let size: WidgetSnapshot.Family = switch family {
        case .systemSmall: .small
        case .systemLarge, .systemExtraLarge: .large
        default: .medium
        }
        let snapshot = try? AppGroup.containers().openStore()
        return TemplatesEntry(date: Date(), snapshot: snapshot.flatMap { try? WidgetSnapshot.make(from: $0, family: size) })
    }
}

struct TemplatesEntry: TimelineEntry {
    let date: Date
    let snapshot: WidgetSnapshot?
}

/// Buttons that send a template with one tap (`Button(intent:)`).
struct TemplatesWidgetView: View {
    let entry: TemplatesEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        if let snapshot = entry.snapshot, !snapshot.items.isEmpty {
            let columns = family == .systemSmall ? 1 : 2
            Grid(horizontalSpacing: 8, verticalSpacing: 8) {
                ForEach(0..<((snapshot.items.count + columns - 1) / columns), id: \.self) { row in
                    GridRow {
                        ForEach(snapshot.items.dropFirst(row * columns).prefix(columns)) { item in
                            Button(intent: SendTemplateIntent(template: TemplateAppEntity(
                                TemplateEntityIndex.Entity(id: item.id, name: item.name, symbol: item.symbol))))
                            {
                                VStack(spacing: 4) {
                                    Image(systemName: item.symbol).font(.title3)
                                    Text(verbatim: item.name).font(.caption).lineLimit(2).minimumScaleFactor(0.8)
                                }
                                .frame(maxWidth: .infinity, maxHeight: .infinity)
                            }
                            .accessibilityLabel(Text(verbatim: item.name))
                        }
                    }
                }
            }
        } else {
            Text(entry.snapshot?.emptyText ?? AppText.label(.listTitle)).font(.caption).multilineTextAlignment(.center)
        }
    }
}

struct TemplatesWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "TemplatesWidget", provider: TemplatesProvider()) { entry in
            TemplatesWidgetView(entry: entry).containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName(AppText.label(.listTitle).localized)
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
    }
}

@main
struct TemplatesWidgetBundle: WidgetBundle {
    var body: some Widget {
        TemplatesWidget()
        TimersWidget()
        TimerLiveActivity()
    }
}

import AppIntents
import SwiftUI
import TgtAppModel
import WidgetKit

/// Reads the widget's snapshot from the shared store (no TDLib in the extension). The app
/// reloads the timelines whenever the store's widget revision moves (a template, a timer, or a
/// queued tap changed); a ✓ or an error goes away by itself at the snapshot's `nextChange`.
struct TemplatesProvider: TimelineProvider {
    func placeholder(in context: Context) -> TemplatesEntry {
        TemplatesEntry(date: Date(), snapshot: nil)
    }

    func getSnapshot(in context: Context, completion: @escaping (TemplatesEntry) -> Void) {
        completion(entry(for: context.family))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<TemplatesEntry>) -> Void) {
        let entry = entry(for: context.family)
        let policy = entry.snapshot?.nextChange.map { TimelineReloadPolicy.after($0) } ?? TimelineReloadPolicy.never
        completion(Timeline(entries: [entry], policy: policy))
    }

    private func entry(for family: WidgetFamily) -> TemplatesEntry {
        let size: WidgetSnapshot.Family = switch family {
        case .systemSmall: .small
        case .systemLarge, .systemExtraLarge: .large
        default: .medium
        }
        let snapshot = try? AppGroup.openWorkspace()
        return TemplatesEntry(date: Date(), snapshot: snapshot.flatMap { try? WidgetSnapshot.make(from: $0, family: size) })
    }
}

struct TemplatesEntry: TimelineEntry {
    let date: Date
    let snapshot: WidgetSnapshot?
}

/// Buttons that send a template with one tap (`Button(intent:)` running `WidgetSendIntent` in
/// the app's process, in the background), each showing its latest tap: queued, sending, ✓ or
/// not sent.
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
                            if let batch = item.badge?.undoBatch {
                                // In its undo hold: the button takes the tap back.
                                Button(intent: UndoSendIntent(batchID: batch)) {
                                    TemplateButtonLabel(item: item)
                                }
                                .accessibilityLabel(Text(verbatim: TemplateButtonLabel.spoken(item) + ", " + AppText.label(.widgetUndo).localized))
                            } else {
                                Button(intent: WidgetSendIntent(template: TemplateAppEntity(
                                    TemplateEntityIndex.Entity(id: item.id, name: item.name, symbol: item.symbol))))
                                {
                                    TemplateButtonLabel(item: item)
                                }
                                .accessibilityLabel(Text(verbatim: TemplateButtonLabel.spoken(item)))
                            }
                        }
                    }
                }
            }
        } else {
            Text(entry.snapshot?.emptyText ?? AppText.label(.listTitle)).font(.caption).multilineTextAlignment(.center)
        }
    }
}

/// One button: the template's icon and name, and under it how its latest tap stands.
struct TemplateButtonLabel: View {
    let item: WidgetSnapshot.Item

    var body: some View {
        VStack(spacing: 4) {
            Image(systemName: item.symbol).font(.title3)
            Text(verbatim: item.name).font(.caption).lineLimit(2).minimumScaleFactor(0.8)
            if let badge = item.badge {
                Label {
                    Text(verbatim: badge.title.localized)
                } icon: {
                    Image(systemName: badge.symbol)
                }
                .font(.caption2).lineLimit(1)
                .foregroundStyle(badge.phase == .failed ? Color.red : Color.secondary)
                if badge.undoBatch != nil {
                    Text(verbatim: AppText.label(.widgetUndo).localized).font(.caption.bold())
                }
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        // The whole button dims from the tap until the timeline shows the new state.
        .invalidatableContent()
    }

    /// What VoiceOver reads: the name, then the state and, for a failure, why.
    static func spoken(_ item: WidgetSnapshot.Item) -> String {
        guard let badge = item.badge else { return item.name }
        return [item.name, badge.title.localized, badge.detail].compactMap { $0 }.joined(separator: ", ")
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

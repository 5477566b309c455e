import ActivityKit
import AppIntents
import SwiftUI
import TgtAppModel
import TgtTimerSync
import WidgetKit

/// A running timer on the Lock Screen and in the Dynamic Island. The countdown and the ring
/// count down by themselves (`Text(timerInterval:)`, `ProgressView(timerInterval:)`); the
/// buttons are `TimerControlIntent`s, which run in the app's process.
struct TimerLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: TimerActivityAttributes.self) { context in
            TimerActivityLockScreen(timerID: context.attributes.timerID, content: context.state)
                .padding()
                .activityBackgroundTint(Color(.systemBackground).opacity(0.8))
        } dynamicIsland: { context in
            let content = context.state
            return DynamicIsland {
                DynamicIslandExpandedRegion(.leading) {
                    Label { Text(verbatim: content.name).lineLimit(1) } icon: { Image(systemName: content.symbol) }
                        .foregroundStyle(Color(timerHex: content.colorHex))
                }
                DynamicIslandExpandedRegion(.trailing) {
                    TimerActivityClock(content: content).font(.title2.monospacedDigit())
                }
                DynamicIslandExpandedRegion(.bottom) {
                    TimerActivityControls(timerID: context.attributes.timerID, content: content)
                }
            } compactLeading: {
                Image(systemName: content.symbol).foregroundStyle(Color(timerHex: content.colorHex))
            } compactTrailing: {
                TimerActivityClock(content: content).monospacedDigit().frame(maxWidth: 56)
            } minimal: {
                TimerActivityProgress(content: content).progressViewStyle(.circular)
            }
            .keylineTint(Color(timerHex: content.colorHex))
        }
    }
}

/// The Lock Screen banner: icon, name, clock, ring and buttons.
struct TimerActivityLockScreen: View {
    let timerID: UUID
    let content: TimerActivityContent

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            HStack {
                Image(systemName: content.symbol).foregroundStyle(Color(timerHex: content.colorHex))
                Text(verbatim: content.name).font(.headline).lineLimit(1)
                Spacer()
                if let label = content.label { Text(label).font(.caption.bold()).foregroundStyle(.secondary) }
                TimerActivityClock(content: content).font(.title.monospacedDigit())
            }
            TimerActivityProgress(content: content)
            TimerActivityControls(timerID: timerID, content: content)
        }
    }
}

/// The time left: counting down by itself while running, still otherwise.
struct TimerActivityClock: View {
    let content: TimerActivityContent

    var body: some View {
        if let countdown = content.countdown {
            Text(timerInterval: countdown, countsDown: true)
        } else {
            Text(verbatim: content.stillClock)
        }
    }
}

/// Progress: filling by itself while running, still otherwise (a bar on the Lock Screen, a
/// ring in the minimal Dynamic Island).
struct TimerActivityProgress: View {
    let content: TimerActivityContent

    var body: some View {
        Group {
            if let countdown = content.countdown {
                ProgressView(timerInterval: countdown, countsDown: false) { EmptyView() } currentValueLabel: { EmptyView() }
            } else {
                ProgressView(value: content.stillProgress)
            }
        }
        .tint(Color(timerHex: content.colorHex))
    }
}

/// Pause or resume, and reset: each a `TimerControlIntent` button.
struct TimerActivityControls: View {
    let timerID: UUID
    let content: TimerActivityContent

    var body: some View {
        HStack {
            ForEach(content.controls, id: \.self) { control in
                Button(intent: TimerControlIntent(timerID: timerID, control: control)) {
                    Label { Text(control.title) } icon: { Image(systemName: control.symbol) }
                        .frame(maxWidth: .infinity)
                }
                .buttonStyle(.bordered)
                .tint(Color(timerHex: content.colorHex))
            }
        }
    }
}

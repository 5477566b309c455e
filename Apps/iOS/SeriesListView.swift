import SwiftUI
import TgtAppModel

/// The Repeating screen: one row per series (template, rule in words, Paused, how many posted,
/// the next dates with their state) with Skip next, Pause or Resume, and Stop after a
/// confirmation. Everything shown and decided is `SeriesListModel`'s.
struct SeriesListView: View {
    @Bindable var model: SeriesListModel
    @State private var stopping: UUID?

    var body: some View {
        List {
            if let error = model.error {
                Text(error).foregroundStyle(.red)
            }
            ForEach(model.rows) { row in
                SeriesRow(row: row, model: model) { stopping = row.id }
            }
        }
        .overlay {
            if let empty = model.emptyText {
                ContentUnavailableView {
                    Label { Text(empty) } icon: { Image(systemName: "repeat") }
                }
            }
        }
        .navigationTitle(AppText.label(.repeating).localized)
        .confirmationDialog(stopping.map { model.stopQuestion($0).localized } ?? "", isPresented: Binding(
            get: { stopping != nil }, set: { if !$0 { stopping = nil } }), titleVisibility: .visible
        ) {
            Button(AppText.label(.stopSeries).localized, role: .destructive) {
                if let id = stopping { Task { await model.stop(id) } }
                stopping = nil
            }
        }
        .onAppear { model.reload() }
    }
}

/// One series: what it posts and when, and its controls.
struct SeriesRow: View {
    let row: SeriesListModel.Row
    let model: SeriesListModel
    let stop: @MainActor () -> Void

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            HStack {
                Text(verbatim: row.templateName).font(.headline)
                if let badge = row.badge { Text(badge).font(.caption).foregroundStyle(.orange) }
            }
            Text(row.words).font(.subheadline)
            if let posted = row.posted { Text(posted).font(.caption).foregroundStyle(.secondary) }
            ForEach(row.next) { next in
                HStack {
                    Text(next.date, format: .dateTime.weekday(.abbreviated).day().month(.abbreviated).hour().minute())
                    Spacer()
                    Text(next.label).foregroundStyle(.secondary)
                }
                .font(.caption)
            }
            HStack {
                if row.canSkip {
                    Button { Task { await model.skipNext(row.id) } } label: { Text(AppText.label(.skipNext)) }
                }
                if row.canPause {
                    Button { Task { await model.pause(row.id) } } label: { Text(AppText.label(.pauseSeries)) }
                }
                if row.canResume {
                    Button { Task { await model.resume(row.id) } } label: { Text(AppText.label(.resumeSeries)) }
                }
                Button(role: .destructive, action: stop) { Text(AppText.label(.stopSeries)) }
            }
            .buttonStyle(.bordered)
        }
    }
}

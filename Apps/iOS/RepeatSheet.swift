import SwiftUI
import TgtAppModel

/// "Repeat…" on a Telegram template: the rule in its compact form, read back in words with its
/// next dates as it is typed, an end, the template's values, and Start repeating. Everything
/// shown and decided is `RepeatEditorModel`'s; a refusal is shown and the sheet stays open.
struct RepeatSheet: View {
    /// The end the pickers say: never, after a number of sends, or on a day.
    private var ending: RepeatEditorModel.Ending {
        switch ends {
        case 1: .after(times)
        case 2: .on(lastDay ?? model.suggestedLastDay)
        default: .never
        }
    }

    @Bindable var model: RepeatEditorModel
    @Environment(\.dismiss) private var dismiss
    @State private var ends = 0
    @State private var times = 5
    @State private var lastDay: Date?

    var body: some View {
        Form {
            Section {
                TextField(AppText.label(.repeatRule).localized, text: $model.every)
                if let words = model.words { Text(words) }
                ForEach(model.nextDates, id: \.self) { date in
                    Text(date, format: .dateTime.weekday(.abbreviated).day().month(.abbreviated).hour().minute())
                        .font(.caption).foregroundStyle(.secondary)
                }
                if let problem = model.ruleProblem { Text(problem).foregroundStyle(.red) }
            } header: {
                Text(AppText.label(.repeatRule))
            } footer: {
                Text(AppText.label(.repeatRuleHint))
            }
            Section {
                Picker(selection: $ends) {
                    Text(AppText.label(.endsNever)).tag(0)
                    Text(AppText.label(.endsAfter)).tag(1)
                    Text(AppText.label(.endsOn)).tag(2)
                } label: {
                    Text(AppText.label(.repeatEnds))
                }
                if ends == 1 {
                    Picker(selection: $times) {
                        ForEach(1...99, id: \.self) { Text(verbatim: String($0)).tag($0) }
                    } label: {
                        Text(AppText.label(.numberOfSends))
                    }
                }
                if ends == 2 {
                    DatePicker(selection: Binding { lastDay ?? model.suggestedLastDay } set: { lastDay = $0 },
                               in: model.today..., displayedComponents: [.date]) {
                        Text(AppText.label(.lastDay))
                    }
                }
            }
            if !model.variableNames.isEmpty {
                Section {
                    ForEach(model.variableNames, id: \.self) { name in
                        TextField(name, text: Binding(get: { model.values[name] ?? "" }, set: { model.values[name] = $0 }))
                    }
                } header: {
                    Text(AppText.label(.valuesTitle))
                }
            }
            if let problem = model.startProblem {
                Section { Text(problem).foregroundStyle(.red) }
            }
        }
        .navigationTitle(model.template.name)
        .onChange(of: ends) { model.ending = ending }
        .onChange(of: times) { model.ending = ending }
        .onChange(of: lastDay) { model.ending = ending }
        .toolbar {
            ToolbarItem(placement: .cancellationAction) {
                Button { dismiss() } label: { Text(AppText.label(.cancel)) }
            }
            ToolbarItem(placement: .confirmationAction) {
                Button { Task { if await model.start() != nil { dismiss() } } } label: { Text(AppText.label(.startRepeating)) }
                    .disabled(!model.canStart)
            }
        }
    }
}

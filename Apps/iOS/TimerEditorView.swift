import SwiftUI
import TgtAppModel
import TgtDomain

/// New or edit timer: name, hours / minutes / seconds, icon grid, color swatches, and what its
/// completion posts on Telegram; Save stays off until the model accepts the fields.
struct TimerEditorView: View {
    @Bindable var model: TimerEditorModel
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        Form {
            Section {
                TextField(AppText.label(.editorName).localized, text: $model.name)
            }
            Section { durationPickers } header: { Text(AppText.label(.timerDuration)) }
            Section { iconGrid } header: { Text(AppText.label(.editorIcon)) }
            Section { colorSwatches } header: { Text(AppText.label(.timerColor)) }
            Section { completion }
            if let problem = model.problem ?? model.saveError {
                Section { Text(problem).foregroundStyle(.red) }
            }
        }
        .toolbar {
            ToolbarItem(placement: .cancellationAction) {
                Button { dismiss() } label: { Text(AppText.label(.cancel)) }
            }
            ToolbarItem(placement: .confirmationAction) {
                Button { if model.save() != nil { dismiss() } } label: { Text(AppText.label(.save)) }
                    .disabled(!model.canSave)
            }
        }
    }

    private var durationPickers: some View {
        HStack {
            picker(AppText.label(.timerHours), selection: $model.hours, range: model.hourRange)
            picker(AppText.label(.timerMinutes), selection: $model.minutes, range: model.minuteRange)
            picker(AppText.label(.timerSeconds), selection: $model.seconds, range: model.minuteRange)
        }
    }

    private func picker(_ title: AppText, selection: Binding<Int>, range: ClosedRange<Int>) -> some View {
        Picker(selection: selection) {
            ForEach(Array(range), id: \.self) { Text(verbatim: String($0)).tag($0) }
        } label: {
            Text(title)
        }
        .pickerStyle(.wheel)
    }

    private var iconGrid: some View {
        LazyVGrid(columns: Array(repeating: GridItem(.flexible()), count: 6), spacing: 12) {
            ForEach(model.icons, id: \.self) { icon in
                Button { model.icon = icon } label: {
                    Image(systemName: icon.symbolName).font(.title3).frame(width: 40, height: 40)
                        .background(model.icon == icon ? Color(timerHex: model.color.rawValue).opacity(0.25) : .clear, in: .circle)
                }
                .buttonStyle(.plain)
                .accessibilityLabel(Text(verbatim: icon.label))
                .accessibilityAddTraits(model.icon == icon ? .isSelected : [])
            }
        }
    }

    private var colorSwatches: some View {
        HStack {
            ForEach(model.colors, id: \.self) { color in
                Button { model.color = color } label: {
                    Circle().fill(Color(timerHex: color.rawValue)).frame(width: 30, height: 30)
                        .overlay { if model.color == color { Image(systemName: "checkmark").foregroundStyle(.white) } }
                }
                .buttonStyle(.plain)
                .accessibilityLabel(Text(verbatim: color.name))
                .accessibilityAddTraits(model.color == color ? .isSelected : [])
            }
        }
    }

    @ViewBuilder private var completion: some View {
        Picker(selection: $model.completionTemplateID) {
            Text(verbatim: "—").tag(UUID?.none)
            ForEach(model.completionTemplates) { template in
                Text(verbatim: template.name).tag(UUID?.some(template.id))
            }
        } label: {
            Text(AppText.label(.timerCompletion))
        }
        ForEach(model.completionVariables, id: \.name) { variable in
            TextField(variable.defaultValue ?? variable.name, text: Binding(
                get: { model.completionValues[variable.name] ?? "" },
                set: { model.completionValues[variable.name] = $0 }))
        }
        Toggle(isOn: $model.remindMe) { Text(AppText.label(.timerRemindMe)) }
    }
}

import SwiftUI
import TgtAppModel
import TgtDomain

/// "Follow up…" on a tap that went out: the condition, the wait (a number and its unit), and
/// what to do (remind me, or send a template a follow-up can send), read back in words. Save sets
/// it; a refusal is shown beside its field and the sheet stays open with what was typed.
/// Everything shown and decided is `FollowUpEditorModel`'s.
struct FollowUpSheet: View {
    @Bindable var model: FollowUpEditorModel
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        Form {
            Section {
                Text(model.about)
                Text(model.sentAt, format: .dateTime.weekday(.abbreviated).day().month(.abbreviated).hour().minute())
                    .font(.caption).foregroundStyle(.secondary)
            }
            Section {
                Picker(selection: $model.condition) {
                    Text(AppText.label(.conditionNotRead)).tag(FollowUpCondition.notRead)
                    Text(AppText.label(.conditionNoReply)).tag(FollowUpCondition.noReply)
                    Text(AppText.label(.conditionRead)).tag(FollowUpCondition.read)
                } label: {
                    Text(AppText.label(.followUpCondition))
                }
                .pickerStyle(.segmented)
                Text(model.conditionHint).font(.caption).foregroundStyle(.secondary)
            } header: {
                Text(AppText.label(.followUpCondition))
            }
            Section {
                HStack {
                    TextField(AppText.label(.waitAmount).localized, text: $model.amount)
                        .keyboardType(.numberPad)
                    Picker(selection: $model.unit) {
                        ForEach(FollowUpEditorModel.WaitUnit.allCases) { unit in Text(unit.label).tag(unit) }
                    } label: {
                        Text(AppText.label(.waitAmount))
                    }
                }
                if let problem = model.waitProblem { Text(problem).foregroundStyle(.red) }
            } header: {
                Text(model.waitLabel)
            } footer: {
                Text(model.waitHint)
            }
            Section {
                Picker(selection: $model.action) {
                    ForEach(FollowUpEditorModel.Action.allCases) { action in Text(action.label).tag(action) }
                } label: {
                    Text(AppText.label(.followUpAction))
                }
                if model.action == .send {
                    Picker(selection: $model.templateID) {
                        Text(AppText.label(.chooseTemplate)).tag(UUID?.none)
                        ForEach(model.choices) { choice in Text(verbatim: choice.name).tag(UUID?.some(choice.id)) }
                    } label: {
                        Text(AppText.label(.followUpTemplate))
                    }
                    if let note = model.hiddenNote { Text(note).font(.caption).foregroundStyle(.secondary) }
                    if let problem = model.templateProblem { Text(problem).foregroundStyle(.red) }
                }
            } header: {
                Text(AppText.label(.followUpAction))
            }
            if let preview = model.preview {
                Section { Text(preview) }
            }
            if let problem = model.saveProblem {
                Section { Text(problem).foregroundStyle(.red) }
            }
        }
        .navigationTitle(AppText.label(.followUp).localized)
        .toolbar {
            ToolbarItem(placement: .cancellationAction) {
                Button { dismiss() } label: { Text(AppText.label(.cancel)) }
            }
            ToolbarItem(placement: .confirmationAction) {
                Button { if model.save() != nil { dismiss() } } label: { Text(AppText.label(.setFollowUp)) }
            }
        }
    }
}

import SwiftUI
import TgtAppModel

/// API id and hash from my.telegram.org, with the model's messages under each field.
struct CredentialsView: View {
    @Bindable var model: CredentialsModel

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    Text(model.explanation)
                    if let url = model.helpURL { Link("my.telegram.org", destination: url) }
                }
                Section {
                    TextField(AppText.label(.fieldAPIID).localized, text: $model.apiID)
                        .keyboardType(.numberPad)
                        .textContentType(.oneTimeCode)
                    if let message = model.idMessage { Text(message).foregroundStyle(.red).font(.footnote) }
                    SecureField(AppText.label(.fieldAPIHash).localized, text: $model.apiHash)
                        .textInputAutocapitalization(.never)
                        .autocorrectionDisabled()
                    if let message = model.hashMessage { Text(message).foregroundStyle(.red).font(.footnote) }
                }
                if let error = model.error { Text(error).foregroundStyle(.red) }
                Button {
                    Task { await model.save() }
                } label: {
                    if model.isSaving { ProgressView() } else { Text(AppText.label(.continueButton).localized) }
                }
                .disabled(!model.canSave)
            }
            .navigationTitle(Text(model.title))
        }
    }
}

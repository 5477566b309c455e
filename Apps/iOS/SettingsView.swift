import SwiftUI
import TgtAppModel
import UIKit

/// Account, connection, logout, downloaded media, location permission, arriving and leaving, default location, snippets, version.
struct SettingsView: View {
    @Bindable var model: SettingsModel
    /// Arriving and leaving: whether the phone may watch the templates' places.
    let places: PlacesModel

    var body: some View {
        Form {
            Section(AppText.label(.settingsAccount).localized) {
                Text(model.accountName)
                Button(model.logoutConfirmation.confirm.localized, role: .destructive) { model.requestLogout() }
                    .disabled(model.isLoggingOut)
                if let error = model.error { Text(error).foregroundStyle(.red) }
            }
            Section(AppText.label(.settingsConnection).localized) { Text(model.connection) }
            if let usage = model.mediaCacheText {
                Section(AppText.label(.settingsMedia).localized) {
                    Text(usage)
                    Button(AppText.label(.clearMedia).localized, role: .destructive) { model.requestClearMedia() }
                    if let notice = model.mediaNotice { Text(notice).font(.footnote).foregroundStyle(.secondary) }
                }
            }
            Section(AppText.label(.settingsLocation).localized) {
                Text(model.locationText)
                if model.locationAuthorization == .denied, let url = URL(string: UIApplication.openSettingsURLString) {
                    Link(AppText.label(.openSettings).localized, destination: url)
                }
            }
            Section(AppText.label(.settingsPlaces).localized) {
                Text(places.status)
                if places.canAskForAlways {
                    Button(AppText.label(.allowAlways).localized) { Task { await places.requestAlways() } }
                }
                if places.authorization == .denied || places.authorization == .whileUsing, !places.plan.isEmpty,
                   let url = URL(string: UIApplication.openSettingsURLString)
                {
                    Link(AppText.label(.openSettings).localized, destination: url)
                }
            }
            Section(AppText.label(.settingsDefaultLocation).localized) {
                TextField("45.4642, 9.19", text: $model.defaultLocation)
                    .keyboardType(.numbersAndPunctuation)
                    .onSubmit { model.saveDefaultLocation() }
                if let error = model.defaultLocationError { Text(error).foregroundStyle(.red) }
            }
            SnippetsSection(model: model.snippets)
            Section(AppText.label(.settingsAbout).localized) { Text(model.version) }
        }
        .navigationTitle(AppText.label(.tabSettings).localized)
        .task {
            await model.reload()
            await places.refresh()
        }
        .confirmationDialog(model.clearMediaConfirmation.title.localized, isPresented: Binding(
            get: { model.isConfirmingClearMedia }, set: { if !$0 { model.cancelClearMedia() } }), titleVisibility: .visible
        ) {
            Button(model.clearMediaConfirmation.confirm.localized, role: .destructive) { Task { await model.confirmClearMedia() } }
        } message: {
            Text(model.clearMediaConfirmation.body)
        }
        .confirmationDialog(model.logoutConfirmation.title.localized, isPresented: Binding(
            get: { model.isConfirmingLogout }, set: { if !$0 { model.cancelLogout() } }), titleVisibility: .visible
        ) {
            Button(model.logoutConfirmation.confirm.localized, role: .destructive) { Task { await model.confirmLogout() } }
        } message: {
            Text(model.logoutConfirmation.body)
        }
    }
}

/// Settings → Snippets: on or off, the prefix (a refusal beside it, what was typed kept), what
/// snippets do and where they work, and what they did lately.
struct SnippetsSection: View {
    @Bindable var model: SnippetSettingsModel

    var body: some View {
        Section(AppText.label(.settingsSnippets).localized) {
            Text(model.explanation).font(.footnote)
            Text(model.whileOpenNote).font(.footnote).foregroundStyle(.secondary)
            Toggle(isOn: Binding(get: { model.isOn }, set: { model.setOn($0) })) { Text(AppText.label(.snippetsOn)) }
            TextField(AppText.label(.snippetsPrefix).localized, text: $model.prefix)
                .textInputAutocapitalization(.never)
                .autocorrectionDisabled()
                .onSubmit { model.savePrefix() }
            if model.prefixChanged {
                Button(AppText.label(.save).localized) { model.savePrefix() }
            }
            if let problem = model.prefixProblem {
                Text(problem).foregroundStyle(.red).font(.footnote)
            } else {
                Text(model.prefixHint).font(.footnote).foregroundStyle(.secondary)
            }
            if let error = model.error { Text(error).foregroundStyle(.red) }
        }
        Section(AppText.label(.snippetsRecent).localized) {
            if let empty = model.emptyText { Text(empty).font(.footnote).foregroundStyle(.secondary) }
            ForEach(model.outcomes) { outcome in
                Label { Text(outcome.text) } icon: {
                    Image(systemName: outcome.expanded ? "checkmark.circle" : "exclamationmark.circle")
                }
                .font(.footnote)
            }
        }
    }
}

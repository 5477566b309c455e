import SwiftUI
import TgtAppModel
import UIKit

/// Account, connection, logout, downloaded media, location permission, arriving and leaving, default location, version.
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

import Foundation
import TgtAppModel
import TgtApplication

/// The app's one `AppModel`, for code the system calls outside the SwiftUI tree (App Intents,
/// the CarPlay scene, SiriKit). Always nil in the widget extension, which never runs TDLib.
@MainActor
final class AppRuntime {
    static let shared = AppRuntime()
    private(set) var model: AppModel?
    private(set) var startupFailure: AppText?
    /// How the app builds its model; set by the app as it launches (also a background launch
    /// for an intent, which shows no window), nil in the widget extension.
    var launcher: (@MainActor () async -> Void)?
    /// Keeps the app running while a background send finishes; set by the app.
    var backgroundWork: (any BackgroundWork)?

    /// Builds and starts the model once (the first of the app scene, CarPlay or an intent).
    @discardableResult
    func start(_ make: () throws -> AppModel) async -> AppModel? {
        if let model { return model }
        do {
            let model = try make()
            self.model = model
            await model.start()
            return model
        } catch let error as TelegramError {
            startupFailure = AppModel.startupFailure(error)
        } catch {
            startupFailure = .verbatim(String(describing: error))
        }
        return nil
    }

    /// The model for an intent the system performs: started here when the system launched the
    /// app in the background for it; nil where the app cannot run (the widget extension).
    func startInBackground() async -> AppModel? {
        if let model { return model }
        guard let launcher else { return nil }
        await launcher()
        return model
    }
}

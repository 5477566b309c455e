import AppIntents
import Foundation
import TgtAppModel
import TgtApplication

/// "Send Leaving work with TgTemplates" (Siri, CarPlay's Siri, Shortcuts): sends without
/// bringing the app to the screen, and answers with what happened.
///
/// `LiveActivityIntent` makes the system perform it in the app's process (launched in the
/// background if it is not running), where TDLib lives; no intent here sets `openAppWhenRun`.
/// It may run on a locked phone, as `SendJob.Source.siri.policy` decides: Siri in the car.
/// (A literal, as App Intents' metadata wants; `Tests/apple/check_apps.py` holds it to the model.)
struct SendTemplateIntent: TemplateSendingIntent, LiveActivityIntent {
    static let title: LocalizedStringResource = "Send Template"
    static let description = IntentDescription("Sends one of your TgTemplates messages to its chats.")
    static let authenticationPolicy: IntentAuthenticationPolicy = .alwaysAllowed

    @Parameter(title: "Template")
    var template: TemplateAppEntity

    init() {}

    @MainActor
    func perform() async throws -> some IntentResult & ProvidesDialog {
        let reply = await BackgroundSend.run(templateID: template.id, templateName: template.name, source: .siri)
        return .result(dialog: "\(reply.localized)")
    }
}

/// A widget button's tap: the same background send, without a spoken answer (the button shows
/// queued → sending → ✓ or the error itself) and not offered in Shortcuts. iOS keeps widget
/// buttons inactive on a locked phone anyway; the policy says the same (`.widget`).
struct WidgetSendIntent: TemplateSendingIntent, LiveActivityIntent {
    static let title: LocalizedStringResource = "Send Template from a Widget"
    static let isDiscoverable = false
    static let authenticationPolicy: IntentAuthenticationPolicy = .requiresLocalDeviceAuthentication

    @Parameter(title: "Template")
    var template: TemplateAppEntity

    init() {}

    @MainActor
    func perform() async throws -> some IntentResult {
        _ = await BackgroundSend.run(templateID: template.id, templateName: template.name, source: .widget)
        return .result()
    }
}

/// A widget button's Undo while its tap waits out the undo hold: takes the send back in the
/// app's process (nothing of it reaches Telegram). Not offered in Shortcuts.
struct UndoSendIntent: AppIntent, LiveActivityIntent {
    static let title: LocalizedStringResource = "Undo a Send from a Widget"
    static let isDiscoverable = false
    static let authenticationPolicy: IntentAuthenticationPolicy = .requiresLocalDeviceAuthentication

    /// The held send (its send log batch id).
    @Parameter(title: "Send")
    var batchID: String

    init() {}

    init(batchID: UUID) {
        self.init()
        self.batchID = batchID.uuidString
    }

    @MainActor
    func perform() async throws -> some IntentResult {
        if let batch = UUID(uuidString: batchID) { await BackgroundSend.undo(batchID: batch) }
        return .result()
    }
}

/// An intent that sends one template (the Siri and the widget one).
protocol TemplateSendingIntent: AppIntent {
    var template: TemplateAppEntity { get set }
    init()
}

extension TemplateSendingIntent {
    /// The intent for `template` (a widget button's).
    init(template: TemplateAppEntity) {
        self.init()
        self.template = template
    }
}

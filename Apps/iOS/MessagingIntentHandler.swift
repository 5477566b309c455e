import Intents
import TgtAppModel

/// SiriKit messaging intents, answered by `MessagingIntentsModel` over the templates and the
/// send log (required of CarPlay communication apps).
final class MessagingIntentHandler: NSObject, INSendMessageIntentHandling, INSearchForMessagesIntentHandling, INSetMessageAttributeIntentHandling {
    /// SiriKit calls the handlers on its own queue, so they are not main-actor isolated; the
    /// app's model is, and is reached by a hop (static: the handler itself stays put).
    @MainActor
    private static func model() async -> (AppModel, MessagingIntentsModel)? {
        await AppLauncher.start()
        guard let app = AppRuntime.shared.model else { return nil }
        return (app, MessagingIntentsModel(workspace: app.services.workspace))
    }

    func resolveContent(for intent: INSendMessageIntent) async -> INStringResolutionResult {
        guard let content = intent.content, !content.isEmpty else { return .needsValue() }
        return .success(with: content)
    }

    func handle(intent: INSendMessageIntent) async -> INSendMessageIntentResponse {
        guard let (app, messaging) = await Self.model() else { return INSendMessageIntentResponse(code: .failureRequiringAppLaunch, userActivity: nil) }
        switch messaging.resolveSend(content: intent.content) {
        case .notFound: return INSendMessageIntentResponse(code: .failure, userActivity: nil)
        case .template(let id, _):
            // Runs in the app in the background (CarPlay, a locked phone).
            let outcome = await BackgroundSend.tap(app, templateID: id, source: .siri)
            return INSendMessageIntentResponse(code: Self.code(MessagingIntentsModel.answer(for: outcome)), userActivity: nil)
        }
    }

    private static func code(_ answer: MessagingIntentsModel.SendAnswer) -> INSendMessageIntentResponseCode {
        switch answer {
        case .success: .success
        case .inProgress: .inProgress
        case .failure: .failure
        case .failureRequiringAppLaunch: .failureRequiringAppLaunch
        }
    }

    func handle(intent: INSearchForMessagesIntent) async -> INSearchForMessagesIntentResponse {
        guard let (_, messaging) = await Self.model() else { return INSearchForMessagesIntentResponse(code: .failureRequiringAppLaunch, userActivity: nil) }
        let response = INSearchForMessagesIntentResponse(code: .success, userActivity: nil)
        response.messages = messaging.search().map { message in
            INMessage(identifier: message.id, conversationIdentifier: nil, content: message.summary, dateSent: message.date,
                      sender: nil, recipients: nil, groupName: INSpeakableString(spokenPhrase: message.chatTitle),
                      messageType: .text, serviceName: nil)
        }
        return response
    }

    func handle(intent: INSetMessageAttributeIntent) async -> INSetMessageAttributeIntentResponse {
        guard let (_, messaging) = await Self.model() else { return INSetMessageAttributeIntentResponse(code: .failureRequiringAppLaunch, userActivity: nil) }
        return INSetMessageAttributeIntentResponse(code: messaging.knows(intent.identifiers ?? []) ? .success : .failureMessageNotFound, userActivity: nil)
    }
}

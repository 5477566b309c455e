import Intents
import TgtAppModel

/// SiriKit messaging intents, answered by `MessagingIntentsModel` over the templates and the
/// send log (required of CarPlay communication apps).
final class MessagingIntentHandler: NSObject, INSendMessageIntentHandling, INSearchForMessagesIntentHandling, INSetMessageAttributeIntentHandling {
    @MainActor
    private func model() async -> (AppModel, MessagingIntentsModel)? {
        await AppLauncher.start()
        guard let app = AppRuntime.shared.model else { return nil }
        return (app, MessagingIntentsModel(store: app.services.store))
    }

    func resolveContent(for intent: INSendMessageIntent) async -> INStringResolutionResult {
        guard let content = intent.content, !content.isEmpty else { return .needsValue() }
        return .success(with: content)
    }

    func handle(intent: INSendMessageIntent) async -> INSendMessageIntentResponse {
        guard let (app, messaging) = await model() else { return INSendMessageIntentResponse(code: .failureRequiringAppLaunch, userActivity: nil) }
        switch messaging.resolveSend(content: intent.content) {
        case .notFound: return INSendMessageIntentResponse(code: .failure, userActivity: nil)
        case .template(let id, _):
            switch AppModel.summary(of: await app.tap(templateID: id, source: .siri)) {
            case .sent: return INSendMessageIntentResponse(code: .success, userActivity: nil)
            case .waitingForLogin: return INSendMessageIntentResponse(code: .failureRequiringAppLaunch, userActivity: nil)
            case .partly, .failed, .notFound: return INSendMessageIntentResponse(code: .failure, userActivity: nil)
            }
        }
    }

    func handle(intent: INSearchForMessagesIntent) async -> INSearchForMessagesIntentResponse {
        guard let (_, messaging) = await model() else { return INSearchForMessagesIntentResponse(code: .failureRequiringAppLaunch, userActivity: nil) }
        let response = INSearchForMessagesIntentResponse(code: .success, userActivity: nil)
        response.messages = messaging.search().map { message in
            INMessage(identifier: message.id, content: message.summary, dateSent: message.date, sender: nil, recipients: nil,
                      groupName: INSpeakableString(spokenPhrase: message.chatTitle), messageType: .text)
        }
        return response
    }

    func handle(intent: INSetMessageAttributeIntent) async -> INSetMessageAttributeIntentResponse {
        guard let (_, messaging) = await model() else { return INSetMessageAttributeIntentResponse(code: .failureRequiringAppLaunch, userActivity: nil) }
        return INSetMessageAttributeIntentResponse(code: messaging.knows(intent.identifiers ?? []) ? .success : .failureMessageNotFound, userActivity: nil)
    }
}

import Foundation
import TgtApplication

/// SiriKit's messaging intents (which CarPlay communication apps must answer) over the
/// templates and the send log: "send" sends the template whose name was spoken, "search"
/// lists recent sends (template and chat names, never the text), "set attribute" accepts
/// read/unread marks for sends it knows (sent messages have nothing else to mark).
public struct MessagingIntentsModel: Sendable {
    /// One send, as a SiriKit message.
    public struct Message: Sendable, Equatable, Identifiable {
        public var id: String
        /// What Siri reads: "Leaving work → Family: sent".
        public var summary: String
        public var chatTitle: String
        public var date: Date
    }

    public enum SendResolution: Sendable, Equatable {
        case template(UUID, name: String)
        case notFound(AppText)
    }

    /// How `INSendMessageIntent` answers a tap (the shell maps it to
    /// `INSendMessageIntentResponseCode`): SiriKit has no sentence of its own for it.
    public enum SendAnswer: String, Sendable, Equatable {
        /// Every chat got it.
        case success
        /// Queued and going out by itself once Telegram can be reached.
        case inProgress
        /// Not (or not everywhere) sent, or no such template: the send log says which chat.
        case failure
        /// Nothing can go out before the person logs in, in the app on the phone.
        case failureRequiringAppLaunch
    }

    /// The answer for a tap's outcome. A partial send is a failure: saying "sent" would hide
    /// the chats that did not get it.
    public static func answer(for outcome: AppModel.TapOutcome) -> SendAnswer {
        switch AppModel.summary(of: outcome) {
        case .sent: .success
        case .waitingForConnection: .inProgress
        case .waitingForLogin: .failureRequiringAppLaunch
        case .partly, .failed, .notFound, .undone: .failure
        }
    }

    public let workspace: Workspace

    public init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// The template named by the spoken content (any letter case).
    public func resolveSend(content: String?) -> SendResolution {
        let spoken = (content ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard let index = try? TemplateEntityIndex.load(from: workspace), let entity = index.entity(named: spoken) else {
            return .notFound(AppText("siri.notFound", spoken))
        }
        return .template(entity.id, name: entity.name)
    }

    /// Recent sends, newest first.
    public func search(limit: Int = 20) -> [Message] {
        ((try? workspace.sendLog.recent(limit: limit)) ?? []).map { entry in
            Message(id: String(entry.id), summary: "\(entry.templateName) → \(entry.targetTitle): \(entry.status.rawValue)",
                    chatTitle: entry.targetTitle, date: entry.updatedAt)
        }
    }

    /// Whether every id is a send in the log (unknown ids make the intent fail).
    public func knows(_ ids: [String]) -> Bool {
        let known = Set(((try? workspace.sendLog.recent(limit: 1000)) ?? []).map { String($0.id) })
        return !ids.isEmpty && ids.allSatisfy(known.contains)
    }
}

import Foundation
import TgtDomain

extension AppText {
    /// A follow-up's rule in the person's language, the same sentence as every face's
    /// (`FollowUpRule.sentence(chat:templateName:)`): "If Alice has not read it within 2 h,
    /// send “Nudge”".
    static func followUpSentence(_ rule: FollowUpRule, chat: String, templateName: String?) -> AppText {
        let wait = Argument.sentence(followUpWait(rule.within))
        let chatPart = Argument.text(chat)
        let template: Argument = templateName.map(Argument.text) ?? .sentence(AppText("followUps.deletedTemplate"))
        switch (rule.condition, rule.action) {
        case (.notRead, .send): return AppText("followUps.sentence.notRead.send", parts: [chatPart, wait, template])
        case (.notRead, .remind): return AppText("followUps.sentence.notRead.remind", parts: [chatPart, wait])
        case (.noReply, .send): return AppText("followUps.sentence.noReply.send", parts: [chatPart, wait, template])
        case (.noReply, .remind): return AppText("followUps.sentence.noReply.remind", parts: [chatPart, wait])
        case (.read, .send): return AppText("followUps.sentence.read.send", parts: [chatPart, template, wait])
        case (.read, .remind): return AppText("followUps.sentence.read.remind", parts: [chatPart, wait])
        }
    }

    /// A wait in words, as `FollowUpRule.waitWords` says it: "1 h 30 min", "2 d".
    static func followUpWait(_ seconds: TimeInterval) -> AppText {
        let minutes = Int((seconds / 60).rounded())
        let days = minutes / 1_440, hours = minutes % 1_440 / 60, rest = minutes % 60
        var parts: [AppText] = []
        if days > 0 { parts.append(AppText("followUps.wait.days", String(days))) }
        if hours > 0 { parts.append(AppText("followUps.wait.hours", String(hours))) }
        if rest > 0 || parts.isEmpty { parts.append(AppText("followUps.wait.minutes", String(rest))) }
        switch parts.count {
        case 1: return parts[0]
        case 2: return AppText("followUps.wait.two", parts: parts.map(Argument.sentence))
        default: return AppText("followUps.wait.three", parts: parts.map(Argument.sentence))
        }
    }

    /// "On “Hello” to Alice": the message a follow-up follows.
    static func followUpAbout(template: String, chats: String) -> AppText {
        AppText("followUps.about", template, chats)
    }

    /// Where a live follow-up stands, or how an ended one ended.
    static func followUpState(_ state: FollowUpState, condition: FollowUpCondition) -> AppText {
        switch state {
        case .waiting: AppText("followUps.state.waiting")
        case .watching:
            switch condition {
            case .notRead: AppText("followUps.state.watching.notRead")
            case .noReply: AppText("followUps.state.watching.noReply")
            case .read: AppText("followUps.state.watching.read")
            }
        case .firing: AppText("followUps.state.firing")
        case .fired: AppText("followUps.ended.fired")
        case .met: AppText("followUps.ended.met")
        case .expired: AppText("followUps.ended.expired")
        case .unknowable: AppText("followUps.ended.unknowable")
        case .cancelled: AppText("followUps.ended.cancelled")
        case .failed: AppText("followUps.ended.failed")
        }
    }
}

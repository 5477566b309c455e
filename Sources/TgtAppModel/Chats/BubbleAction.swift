import Foundation
import TgtApplication

/// What a bubble's context menu offers.
public enum BubbleAction: String, Sendable, CaseIterable, Identifiable {
    case reply, react, forward, pin, unpin, copy, edit, select, delete, cancelSending

    public var id: String { rawValue }

    public var title: AppText {
        switch self {
        case .reply: .label(.reply)
        case .react: .label(.react)
        case .forward: .label(.forward)
        case .pin: .label(.pin)
        case .unpin: .label(.unpin)
        case .copy: .label(.copy)
        case .edit: .label(.edit)
        case .select: .label(.select)
        case .delete: .label(.delete)
        case .cancelSending: .label(.cancelSending)
        }
    }

    public var isDestructive: Bool { self == .delete || self == .cancelSending }
}

/// One way to delete a message, as the confirmation dialog offers it.
public struct DeleteOption: Sendable, Equatable, Identifiable {
    public var forEveryone: Bool
    public var title: AppText
    public var id: Bool { forEveryone }

    /// "Delete for me" and/or "Delete for everyone", as Telegram allows.
    static func offered(forMe: Bool, forEveryone: Bool) -> [DeleteOption] {
        var options: [DeleteOption] = []
        if forMe { options.append(DeleteOption(forEveryone: false, title: .label(.deleteForMe))) }
        if forEveryone { options.append(DeleteOption(forEveryone: true, title: .label(.deleteForEveryone))) }
        return options
    }
}

extension ConversationModel {
    /// The context-menu actions of `item`: reply where we may write, react to and forward
    /// anything sent but service lines (the choices are the chat's: `reactionChoices(for:)`;
    /// the targets `forwardTargets()`), pin or unpin (Telegram decides: `setPinned` says why
    /// not), copy when it has text,
    /// edit for our own sent text messages, select (to forward or delete several together:
    /// `ConversationModel+Selection`), delete unless it is still being sent (what deleting
    /// may do is asked then: `ComposerModel.deleteOptions(for:)`), and cancel sending while it is.
    public func actions(for item: ChatMessageItem) -> [BubbleAction] {
        let sent = item.sendingState == nil
        var actions: [BubbleAction] = []
        if sent, cannotWrite == nil, item.serviceLine == nil { actions.append(.reply) }
        if sent, item.serviceLine == nil { actions.append(.react) }
        if sent, item.serviceLine == nil { actions.append(.forward) }
        if sent { actions.append(item.isPinned ? .unpin : .pin) }
        if !item.text.isEmpty { actions.append(.copy) }
        if sent, item.isOutgoing, item.serviceLine == nil, item.media == nil, !item.text.isEmpty { actions.append(.edit) }
        if canSelect(item) { actions.append(.select) }
        if item.sendingState != "pending" { actions.append(.delete) } else if item.isOutgoing { actions.append(.cancelSending) }
        return actions
    }
}

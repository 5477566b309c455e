import Foundation
import TgtApplication
import TgtDomain

extension AppModel {
    /// "Follow up…" on `template`'s latest tap (in the app, a widget, CarPlay, Siri, a link):
    /// nil when nothing of it went out or is on its way (`FollowUpListModel.canFollowUp`).
    public func followUpEditor(for template: Template) -> FollowUpEditorModel? {
        guard template.kind == .telegram, let tap = followUps.lastTaps[template.id] else { return nil }
        return FollowUpEditorModel(batchID: tap.batchID, templateName: tap.templateName, chats: template.targets.map(\.displayName),
                                   sentAt: tap.at, workspace: services.workspace)
    }
}

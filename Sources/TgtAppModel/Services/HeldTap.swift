import Foundation
import TgtApplication

/// A tap whose send is in its undo hold: what the grid counts down, the widget's Undo button
/// and CarPlay's alert take back (`AppModel.undo(batchID:)`).
public struct HeldTap: Sendable, Equatable {
    public var jobID: UUID
    public var templateID: UUID
    public var templateName: String
    public var source: SendJobSource
    /// The held send in the send log (what Undo names).
    public var batchID: UUID
    /// When it goes out unless undone.
    public var until: Date

    public init(jobID: UUID, templateID: UUID, templateName: String, source: SendJobSource, batchID: UUID, until: Date) {
        self.jobID = jobID
        self.templateID = templateID
        self.templateName = templateName
        self.source = source
        self.batchID = batchID
        self.until = until
    }
}

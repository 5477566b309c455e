import Foundation
import TgtStore

/// A tap whose send is in its undo hold: what the grid counts down, the widget's Undo button
/// and CarPlay's alert take back (`AppModel.undo(batchID:)`).
public struct HeldTap: Sendable, Equatable {
    public var jobID: UUID
    public var templateID: UUID
    public var templateName: String
    public var source: SendJob.Source
    /// The held send in the send log (what Undo names).
    public var batchID: UUID
    /// When it goes out unless undone.
    public var until: Date

    public init(jobID: UUID, templateID: UUID, templateName: String, source: SendJob.Source, batchID: UUID, until: Date) {
        self.jobID = jobID
        self.templateID = templateID
        self.templateName = templateName
        self.source = source
        self.batchID = batchID
        self.until = until
    }
}

extension SendJob.Source {
    /// Whether a tap from here waits out the undo hold. A tap on the grid, a widget or CarPlay
    /// is one touch that may be the wrong one; Siri was asked aloud (and answers aloud), and a
    /// link is an automation's, and a place's crossing has nobody looking: those go at once.
    public var usesUndoHold: Bool {
        switch self {
        case .app, .widget, .carPlay: true
        case .siri, .deepLink, .place: false
        }
    }
}

import Foundation
import TgtTelegram

/// A file picked to send, copied into the data folder's outgoing copies: its copy's folder and
/// the file as checked there (name, size, kind).
public typealias StagedFile = OutgoingStaging.Staged

extension LiveSession {
    /// Copies (with `move`, moves: a picker's own temporary copy) a picked file into the data
    /// folder's outgoing copies and checks it there, first sweeping copies left over for a week
    /// except those in `keeping` (the ones a composer still holds). Runs off the caller's actor.
    /// The copy, or why the file cannot be sent (nothing is kept then).
    public func stageOutgoing(_ url: URL, move: Bool, keeping: Set<URL>) async -> Result<StagedFile, ChatError> {
        let staging = OutgoingStaging(root: directory.outgoingFolder)
        let now = clock.now
        return await Task.detached {
            staging.sweep(keeping: keeping, now: now)
            return staging.stage(url, move: move)
        }.value
    }
}

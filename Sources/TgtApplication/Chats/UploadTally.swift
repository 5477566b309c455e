import Foundation
import TgtTDLib

/// How much of a send's files has reached Telegram, from the progress of each of its messages
/// (TDLib reports it per message, a face shows one figure): the same count whether the session
/// is this process's or a running dashboard's.
public struct UploadTally: Sendable {
    /// The size of all the files, read before they are sent.
    public let totalBytes: Int64
    private var sent: [Int64: Int64] = [:]

    public init(paths: [String]) {
        totalBytes = paths.reduce(Int64(0)) { sum, path in sum + Int64((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) }
    }

    /// Notes that `sentBytes` of message `messageID`'s file are up; the progress of them all.
    public mutating func note(messageID: Int64, sentBytes: Int64) -> UploadProgress {
        sent[messageID] = sentBytes
        return UploadProgress(sentBytes: min(totalBytes, sent.values.reduce(0, +)), totalBytes: max(totalBytes, 1))
    }
}

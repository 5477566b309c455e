import Foundation
import TgtDomain

/// A voice note made playable by the system player, which plays Opus in CAF but not in Ogg
/// (how Telegram keeps voice notes): its CAF copy (`OpusCAF`), written whole (never half) into
/// the app's playback folder under a fresh name, deleted when its player closes; copies left
/// behind (the app stopped while one played) go when another is made, a day on.
struct VoicePlayback: Sendable {
    let folder: URL
    /// How old a copy left behind is before it is deleted.
    static let leftoverAge: TimeInterval = 24 * 60 * 60

    /// A copy ready for the player, or why there is none.
    enum Prepared: Sendable {
        case playable(URL)
        case notPlayable(AppText)
    }

    /// The CAF copy of the Ogg Opus file at `source`, or why it cannot be played.
    func prepare(_ source: URL, now: Date) -> Prepared {
        sweep(now: now)
        let size = (try? FileManager.default.attributesOfItem(atPath: source.path)[.size] as? Int) ?? nil
        if let size, size > OpusCAF.maxInputBytes { return .notPlayable(Self.reason(.tooLong)) }
        guard let ogg = try? Data(contentsOf: source, options: .mappedIfSafe) else { return .notPlayable(Self.reason(.damaged)) }
        let caf: [UInt8]
        do {
            caf = try ogg.withUnsafeBytes { try OpusCAF.remux($0) }
        } catch let error as OpusAudioError {
            return .notPlayable(Self.reason(error))
        } catch {
            return .notPlayable(Self.reason(.damaged))
        }
        let target = folder.appendingPathComponent(UUID().uuidString + ".caf")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try Data(caf).write(to: target, options: .atomic)
        } catch {
            return .notPlayable(AppText("media.notPlayable.unwritable"))
        }
        return .playable(target)
    }

    /// Deletes a copy once its player has closed.
    func discard(_ copy: URL) {
        guard copy.deletingLastPathComponent().standardizedFileURL == folder.standardizedFileURL else { return }
        try? FileManager.default.removeItem(at: copy)
    }

    /// Deletes the copies made more than `leftoverAge` ago.
    private func sweep(now: Date) {
        let keys: [URLResourceKey] = [.contentModificationDateKey]
        guard let copies = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: keys) else { return }
        for copy in copies {
            let made = (try? copy.resourceValues(forKeys: Set(keys)).contentModificationDate) ?? .distantPast
            if now.timeIntervalSince(made) > Self.leftoverAge { try? FileManager.default.removeItem(at: copy) }
        }
    }

    /// What the viewer says instead of playing it.
    static func reason(_ error: OpusAudioError) -> AppText {
        switch error {
        case .notOpus: AppText("media.notPlayable.notOpus")
        case let .tooManyChannels(count): AppText("media.notPlayable.channels", String(count))
        case .unsupportedLayout: AppText("media.notPlayable.layout")
        case .damaged: AppText("media.notPlayable.damaged")
        case .noSound: AppText("media.notPlayable.noSound")
        case .tooLong: AppText("media.notPlayable.tooLong")
        }
    }
}

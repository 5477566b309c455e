import Foundation
import Observation

/// What plays a voice note's sound inside its bubble: the iPhone's `AVAudioPlayer` (a fake in
/// tests). It plays a file the app made (a voice note's CAF copy), one at a time.
@MainActor
public protocol AudioPlaying: AnyObject {
    /// Loads the file at `url` and plays it from `position` seconds; false when it cannot be played.
    func play(_ url: URL, from position: Double) -> Bool
    /// Pauses where it is.
    func pause()
    /// Goes on from where it paused.
    func resume()
    /// Moves to `position` seconds (playing on, or staying paused).
    func seek(to position: Double)
    /// Stops and lets go of the file.
    func stop()
    /// Seconds played so far.
    var position: Double { get }
    /// The file's length in seconds (0 before one is loaded).
    var duration: Double { get }
    var isPlaying: Bool { get }
}

/// The voice note playing inside its bubble (one per conversation): play, pause and resume,
/// where it is and how long it lasts for the bubble's bar and time, a drag on the bar to move
/// in it; at its end, or when another starts or the conversation closes, its CAF copy goes.
@Observable @MainActor
public final class VoiceNotePlayer {
    /// The message whose voice note is loaded (playing or paused); nil: none.
    public private(set) var messageID: Int64?
    public private(set) var isPlaying = false
    /// Seconds played, and the whole length.
    public private(set) var position = 0.0
    public private(set) var duration = 0.0

    @ObservationIgnored private let audio: (any AudioPlaying)?
    /// The copy being played, deleted when it is let go of.
    @ObservationIgnored private var copy: URL?
    @ObservationIgnored private let discard: (URL) -> Void

    init(audio: (any AudioPlaying)?, discard: @escaping (URL) -> Void) {
        self.audio = audio
        self.discard = discard
    }

    /// Whether voice notes play in their bubbles here (else they open in the viewer).
    public var isAvailable: Bool { audio != nil }

    /// How much has played, from 0 to 1.
    public var fraction: Double { duration > 0 ? min(1, max(0, position / duration)) : 0 }

    /// "0:03 / 0:12" while one is loaded.
    public var timeLine: String { Self.clock(position) + " / " + Self.clock(duration) }

    /// Plays `copy` (which it now owns) for `messageID`; the one before stops and its copy
    /// goes. False, with nothing kept, when the player cannot play it.
    func start(messageID: Int64, copy: URL) -> Bool {
        stop()
        guard let audio, audio.play(copy, from: 0) else {
            discard(copy)
            return false
        }
        self.messageID = messageID
        self.copy = copy
        refresh()
        return true
    }

    /// Pauses the one playing, or goes on with the one paused.
    public func pauseOrResume() {
        guard let audio, messageID != nil else { return }
        if audio.isPlaying {
            audio.pause()
            isPlaying = false
        } else {
            audio.resume()
        }
        refresh()
    }

    /// Moves to `fraction` (0 to 1) of the length.
    public func seek(to fraction: Double) {
        guard let audio, messageID != nil, duration > 0 else { return }
        audio.seek(to: min(1, max(0, fraction)) * duration)
        refresh()
    }

    /// Reads where the sound is (the bubble asks a few times a second while it plays). Stopped
    /// by itself at its end (the system's player goes back to the start there) the voice note
    /// is let go of; stopped where it was (a call came) it stays, paused.
    public func refresh() {
        guard let audio, messageID != nil else { return }
        let (now, playing) = (audio.position, audio.isPlaying)
        duration = audio.duration
        if isPlaying, !playing, duration > 0, now <= 0.05 || now >= duration - 0.05 {
            stop()
            return
        }
        position = min(now, duration)
        isPlaying = playing
    }

    /// Stops and lets go of the voice note and its copy.
    public func stop() {
        audio?.stop()
        if let copy { discard(copy) }
        copy = nil
        messageID = nil
        isPlaying = false
        position = 0
        duration = 0
    }

    /// "0:07", "12:30", "1:02:03".
    static func clock(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.rounded(.down)))
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }
}

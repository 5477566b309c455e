import AVFoundation
import TgtAppModel

/// Plays a voice note inside its bubble with the system's `AVAudioPlayer` (Opus in CAF, the
/// copy the model made), heard with the ring switch on silent; music paused for it resumes
/// when it stops.
@MainActor
final class SystemAudioPlayer: AudioPlaying {
    private var player: AVAudioPlayer?

    func play(_ url: URL, from position: Double) -> Bool {
        stop()
        guard let player = try? AVAudioPlayer(contentsOf: url), player.prepareToPlay() else { return false }
        try? AVAudioSession.sharedInstance().setCategory(.playback, mode: .spokenAudio)
        try? AVAudioSession.sharedInstance().setActive(true)
        player.currentTime = position
        guard player.play() else { return false }
        self.player = player
        return true
    }

    func pause() { player?.pause() }

    /// After a call the system has deactivated the session: it is taken up again first.
    func resume() {
        try? AVAudioSession.sharedInstance().setActive(true)
        player?.play()
    }

    func seek(to position: Double) { player?.currentTime = position }

    func stop() {
        guard let player else { return }
        player.stop()
        self.player = nil
        try? AVAudioSession.sharedInstance().setActive(false, options: .notifyOthersOnDeactivation)
    }

    var position: Double { player?.currentTime ?? 0 }
    var duration: Double { player?.duration ?? 0 }
    var isPlaying: Bool { player?.isPlaying ?? false }
}

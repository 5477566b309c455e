import AVKit
import SwiftUI
import TgtAppModel
import UIKit

/// A message's file opened from its bubble (`ConversationModel.openMedia`): a picture to look
/// at (decoded at most `OpenedMedia.maxDisplaySide` pixels long, never whole), a voice message
/// (through its CAF copy), audio or video to play, or a file someone sent to save or share,
/// never rendered here. What it is comes from its bytes (`OpenedMedia.presentation`).
struct MediaViewer: View {
    let media: OpenedMedia
    let close: () -> Void
    @State private var player: AVPlayer?
    /// The picture, decoded to the size the viewer needs; nil while it decodes or when it cannot be.
    @State private var picture: UIImage?
    @State private var decoded = false
    /// Why the picture is not shown after all (its real sides are too many pixels).
    @State private var refusal: AppText?

    var body: some View {
        NavigationStack {
            content
                .navigationTitle(Text(verbatim: media.name))
                .toolbar {
                    ToolbarItem(placement: .cancellationAction) { Button(AppText.label(.close).localized) { close() } }
                    ToolbarItem(placement: .primaryAction) {
                        ShareLink(item: media.url) { Label(AppText.label(.saveOrShare).localized, systemImage: "square.and.arrow.up") }
                    }
                }
        }
    }

    @ViewBuilder private var content: some View {
        switch media.presentation {
        case .image:
            if let picture {
                ScrollView([.horizontal, .vertical]) {
                    Image(uiImage: picture).resizable().scaledToFit().accessibilityLabel(Text(verbatim: media.name))
                }
            } else if decoded {
                notShown
            } else {
                ProgressView().task { await decode() }
            }
        case .player:
            VideoPlayer(player: player)
                .onAppear {
                    // Heard with the ring switch on silent, as a voice note or video is
                    // meant to be; music playing pauses for it.
                    try? AVAudioSession.sharedInstance().setCategory(.playback, mode: .default)
                    try? AVAudioSession.sharedInstance().setActive(true)
                    // A voice note plays from its CAF copy (Opus in Ogg does not play here).
                    let player = AVPlayer(url: media.playbackURL)
                    self.player = player
                    player.play()
                }
                .onDisappear {
                    player?.pause()
                    // The music paused for it may resume.
                    try? AVAudioSession.sharedInstance().setActive(false, options: .notifyOthersOnDeactivation)
                }
        case .file:
            notShown
        }
    }

    /// Reads the picture's size from its header (no decoding yet), then decodes it no larger than
    /// the viewer needs, off the main thread.
    private func decode() async {
        defer { decoded = true }
        guard let image = UIImage(contentsOfFile: media.url.path) else { return }
        let width = image.size.width * image.scale
        let height = image.size.height * image.scale
        // The system's reading of the sides, for a header the model could not read.
        if let tooLarge = OpenedMedia.tooLarge(width: Int(width), height: Int(height)) {
            refusal = tooLarge
            return
        }
        let fitted = OpenedMedia.displayPixels(width: width, height: height)
        picture = await image.byPreparingThumbnail(ofSize: CGSize(width: fitted.width, height: fitted.height))
    }

    private var notShown: some View {
        VStack(spacing: 12) {
            Image(systemName: "doc").font(.largeTitle).foregroundStyle(.secondary)
            Text(verbatim: media.name).font(.headline).multilineTextAlignment(.center)
            Text(refusal ?? media.notShownReason).font(.callout).foregroundStyle(.secondary).multilineTextAlignment(.center)
            ShareLink(item: media.url) { Label(AppText.label(.saveOrShare).localized, systemImage: "square.and.arrow.up") }
        }
        .padding()
    }
}

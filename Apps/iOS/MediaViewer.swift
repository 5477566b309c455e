import AVKit
import SwiftUI
import TgtAppModel
import UIKit

/// A message's file opened from its bubble (`ConversationModel.openMedia`): a picture to look
/// at, a voice message, audio or video to play, or a file someone sent to save or share, never
/// rendered here. What it is comes from its bytes (`OpenedMedia.presentation`).
struct MediaViewer: View {
    let media: OpenedMedia
    let close: () -> Void
    @State private var player: AVPlayer?

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
            if let image = UIImage(contentsOfFile: media.url.path) {
                ScrollView([.horizontal, .vertical]) {
                    Image(uiImage: image).resizable().scaledToFit().accessibilityLabel(Text(verbatim: media.name))
                }
            } else {
                notShown
            }
        case .player:
            VideoPlayer(player: player)
                .onAppear {
                    let player = AVPlayer(url: media.url)
                    self.player = player
                    player.play()
                }
                .onDisappear { player?.pause() }
        case .file:
            notShown
        }
    }

    private var notShown: some View {
        VStack(spacing: 12) {
            Image(systemName: "doc").font(.largeTitle).foregroundStyle(.secondary)
            Text(verbatim: media.name).font(.headline).multilineTextAlignment(.center)
            Text(AppText.label(.mediaNotShown)).font(.callout).foregroundStyle(.secondary).multilineTextAlignment(.center)
            ShareLink(item: media.url) { Label(AppText.label(.saveOrShare).localized, systemImage: "square.and.arrow.up") }
        }
        .padding()
    }
}

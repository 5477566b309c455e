import SwiftUI
import TgtAppModel
import TgtApplication
import UIKit

/// One message: a centered line for service messages; otherwise a bubble with sender,
/// forward and reply headers, media placeholder, text, and edited mark, time and ticks, its
/// upload's progress with a cancel while its file goes up, and its reactions under it (a tap
/// adds that one or takes yours back: `onReaction`). While messages are being chosen, a
/// check circle says whether this one is.
/// The text is shown as it is, styled only by Telegram's entities: markup in it stays text.
struct MessageBubble: View {
    let row: ConversationModel.Row
    var onReaction: (ReactionItem) -> Void = { _ in }
    /// A tap on media that has a file: open it (nil: not tappable).
    var onOpenMedia: (() -> Void)?
    /// Its file is downloading to be opened.
    var isOpening = false
    /// How far its file has gone up, while it does (`ConversationModel.upload(of:)`).
    var upload: UploadShown?
    /// Stops the send of this message (shown with `upload`).
    var onCancelUpload: (() -> Void)?
    /// While choosing messages: whether this one is chosen (nil: not choosing, or it cannot be).
    var isChosen: Bool?
    /// A tap on the sender's name: their profile (nil: not tappable).
    var onOpenSender: (() -> Void)?
    /// The sharp picture of its photo or sticker (`ConversationModel.bubblePicture(for:)`).
    var picture: (() async -> URL?)?
    /// The conversation's voice-note player, and a tap on this one's play button
    /// (`ConversationModel.playVoiceNote`): a voice note then plays inside the bubble.
    var voice: VoiceNotePlayer?
    var onPlayVoice: (() -> Void)?

    var body: some View {
        if let line = row.item.serviceLine {
            Text(verbatim: line).font(.caption).foregroundStyle(.secondary).multilineTextAlignment(.center)
                .padding(.horizontal, 10).padding(.vertical, 4)
                .background(.thinMaterial, in: Capsule())
                .frame(maxWidth: .infinity).padding(.vertical, 4)
        } else {
            HStack {
                if let isChosen {
                    Image(systemName: isChosen ? "checkmark.circle.fill" : "circle").foregroundStyle(isChosen ? Color.accentColor : Color.secondary)
                        .font(.title3)
                        .accessibilityHidden(true)
                }
                if row.item.isOutgoing { Spacer(minLength: 48) }
                VStack(alignment: row.item.isOutgoing ? .trailing : .leading, spacing: 2) {
                    bubble
                    if !row.item.reactions.isEmpty { reactions }
                }
                if !row.item.isOutgoing { Spacer(minLength: 48) }
            }
            .padding(.top, row.continuesGroup ? 2 : 8)
        }
    }

    private var bubble: some View {
        let item = row.item
        return VStack(alignment: .leading, spacing: 4) {
            if !item.isOutgoing, !row.continuesGroup {
                if let onOpenSender {
                    Button { onOpenSender() } label: { Text(verbatim: item.sender.name).font(.caption.bold()).foregroundStyle(.tint) }
                        .buttonStyle(.plain)
                        .accessibilityHint(Text(AppText.label(.profile)))
                } else {
                    Text(verbatim: item.sender.name).font(.caption.bold()).foregroundStyle(.tint)
                }
            }
            if let forward = item.forwardLine { Text(forward).font(.caption).italic().foregroundStyle(.secondary) }
            if let reply = item.replyTo { ReplyHeader(reply: reply) }
            if let media = item.media {
                if media.kind == "voiceNote", media.file != nil, let voice, voice.isAvailable, let onPlayVoice {
                    VoiceNoteBar(media: media, messageID: item.id, voice: voice, isOpening: isOpening, play: onPlayVoice)
                } else if media.isSecret {
                    // Opening it would start its timer: only Telegram's own apps show it, while held.
                    MediaPlaceholder(media: media)
                    Text(AppText.label(.selfDestructing)).font(.caption).foregroundStyle(.secondary)
                } else if media.file != nil, let onOpenMedia {
                    Button { onOpenMedia() } label: {
                        MediaPlaceholder(media: media, picture: picture).overlay { if isOpening { ProgressView() } }
                    }
                    .buttonStyle(.plain)
                    .disabled(isOpening)
                    .accessibilityHint(Text(AppText.label(.openMedia)))
                } else {
                    MediaPlaceholder(media: media, picture: picture)
                }
            }
            if !item.text.isEmpty { Text(Self.attributed(item.runs)) }
            HStack(spacing: 4) {
                Spacer(minLength: 0)
                if item.editDate != nil { Text(AppText.label(.edited)) }
                Text(verbatim: row.time)
                if let status = row.status { Text(verbatim: status) }
            }
            .font(.caption2).foregroundStyle(.secondary)
            if let upload { uploadProgress(upload) }
            if let reason = item.failureReason { Text(verbatim: reason).font(.caption2).foregroundStyle(.red) }
        }
        .padding(8)
        .background(item.isOutgoing ? Color.accentColor.opacity(0.18) : Color(uiColor: .secondarySystemBackground),
                    in: RoundedRectangle(cornerRadius: 14))
        .accessibilityElement(children: .combine)
    }

    /// How much of the file is up, and a button that stops the send.
    private func uploadProgress(_ upload: UploadShown) -> some View {
        HStack(spacing: 6) {
            VStack(alignment: .leading, spacing: 2) {
                ProgressView(value: upload.fraction)
                Text(upload.line).font(.caption2).foregroundStyle(.secondary)
            }
            if let onCancelUpload {
                Button { onCancelUpload() } label: { Image(systemName: "xmark.circle.fill").font(.title3) }
                    .buttonStyle(.plain)
                    .accessibilityLabel(Text(AppText.label(.cancelSending)))
            }
        }
        .frame(minWidth: 160)
    }

    /// The reactions as capsules with their counts, the user's own tinted.
    private var reactions: some View {
        HStack(spacing: 4) {
            ForEach(row.item.reactions, id: \.key) { reaction in
                Button { onReaction(reaction) } label: {
                    Text(verbatim: "\(reaction.emoji) \(reaction.count)").font(.footnote)
                        .padding(.horizontal, 8).padding(.vertical, 4)
                        .background(reaction.isChosen ? Color.accentColor.opacity(0.3) : Color.secondary.opacity(0.15), in: Capsule())
                }
                .buttonStyle(.plain)
                .disabled(row.item.sendingState != nil)
                .accessibilityHint(reaction.isChosen ? Text(AppText.label(.yourReaction)) : Text(AppText.label(.addReaction)))
            }
        }
    }

    /// The runs as one attributed string: styles and safe links from the model, text as is.
    static func attributed(_ runs: [StyledRun]) -> AttributedString {
        var result = AttributedString()
        for run in runs {
            var piece = AttributedString(run.text)
            var intent: InlinePresentationIntent = []
            if run.styles.contains(.bold) { intent.insert(.stronglyEmphasized) }
            if run.styles.contains(.italic) { intent.insert(.emphasized) }
            if run.styles.contains(.code) { intent.insert(.code) }
            if run.styles.contains(.strikethrough) { intent.insert(.strikethrough) }
            if !intent.isEmpty { piece.inlinePresentationIntent = intent }
            if run.styles.contains(.underline) { piece.underlineStyle = .single }
            if run.styles.contains(.spoiler) { piece.backgroundColor = Color.secondary.opacity(0.35) }
            if run.styles.contains(.quote) { piece.foregroundColor = .secondary }
            if let link = run.link { piece.link = link }
            result += piece
        }
        return result
    }
}

/// The message a bubble answers: who wrote it and a snippet, behind a bar.
struct ReplyHeader: View {
    let reply: ReplyItem

    var body: some View {
        HStack(spacing: 6) {
            RoundedRectangle(cornerRadius: 1).fill(.tint).frame(width: 3)
            VStack(alignment: .leading, spacing: 1) {
                if let name = reply.senderName { Text(verbatim: name).font(.caption.bold()).foregroundStyle(.tint) }
                Text(verbatim: reply.snippet).font(.caption).foregroundStyle(.secondary).lineLimit(1)
            }
        }
        .fixedSize(horizontal: false, vertical: true)
    }
}

/// A voice note inside its bubble: play or pause, and once loaded the bar (drag it to move in
/// the recording) with where it is and how long it lasts ("0:03 / 0:12").
struct VoiceNoteBar: View {
    let media: MediaItem
    let messageID: Int64
    let voice: VoiceNotePlayer
    /// Its file is downloading to be played.
    let isOpening: Bool
    let play: () -> Void

    /// Where the bar is being dragged to (it moves the sound on release, as Telegram's does).
    @State private var dragged: Double?
    @State private var isDragging = false

    private var isLoaded: Bool { voice.messageID == messageID }
    private var isPlaying: Bool { isLoaded && voice.isPlaying }

    var body: some View {
        HStack(spacing: 8) {
            Button { play() } label: {
                Image(systemName: isPlaying ? "pause.circle.fill" : "play.circle.fill").font(.largeTitle)
            }
            .buttonStyle(.plain)
            .disabled(isOpening)
            .overlay { if isOpening { ProgressView() } }
            .accessibilityLabel(Text(AppText.label(isPlaying ? .pauseVoice : .playVoice)))
            VStack(alignment: .leading, spacing: 2) {
                if isLoaded {
                    // A drag moves the sound when let go; VoiceOver's steps (no drag) move it at once.
                    Slider(value: Binding(get: { dragged ?? voice.fraction }, set: { to in
                        if isDragging { dragged = to } else { voice.seek(to: to) }
                    }),
                           onEditingChanged: { editing in
                               isDragging = editing
                               if !editing, let to = dragged {
                                   voice.seek(to: to)
                                   dragged = nil
                               }
                           })
                        .accessibilityLabel(Text(verbatim: media.label))
                        .accessibilityValue(Text(verbatim: voice.timeLine))
                    Text(verbatim: voice.timeLine).font(.caption2.monospacedDigit()).foregroundStyle(.secondary)
                } else {
                    HStack(spacing: 6) {
                        Text(verbatim: media.label).font(.callout)
                        // Telegram's dot: not listened to yet (one of ours: by its recipients).
                        if media.isPlayed == false {
                            Circle().fill(.tint).frame(width: 8, height: 8)
                                .accessibilityLabel(Text(AppText.label(.notPlayed)))
                        }
                    }
                    .accessibilityElement(children: .combine)
                }
            }
        }
        .frame(minWidth: 200)
    }
}

/// A photo or sticker as itself once its picture is fetched (`picture`); meanwhile, and for a
/// video, voice note or file, its blurred preview (when it has one) under its label.
struct MediaPlaceholder: View {
    let media: MediaItem
    var picture: (() async -> URL?)?
    /// The picture, decoded no larger than the bubble needs.
    @State private var image: UIImage?

    /// The longest side, in points, a bubble's picture takes.
    static let side: CGFloat = 240

    var body: some View {
        Group {
            if let image {
                Image(uiImage: image).resizable().scaledToFit()
                    .frame(maxWidth: Self.side, maxHeight: Self.side)
                    .accessibilityLabel(Text(verbatim: media.label))
            } else {
                ZStack {
                    if let data = media.previewJPEG, let preview = UIImage(data: data) {
                        Image(uiImage: preview).resizable().scaledToFill().frame(width: 220, height: 160).clipped().blur(radius: 4)
                    }
                    Text(verbatim: media.label).font(.callout).padding(.horizontal, 8).padding(.vertical, 4)
                        .background(.ultraThinMaterial, in: Capsule())
                }
                .frame(minWidth: 160, minHeight: media.previewJPEG == nil ? 36 : 160)
            }
        }
        .clipShape(RoundedRectangle(cornerRadius: 10))
        .task { await load() }
    }

    /// Fetches the picture (the model checked its bytes and size) and decodes it off the main
    /// thread at most three times the bubble's side (a 3× screen).
    private func load() async {
        guard image == nil, let picture, let url = await picture(), let full = UIImage(contentsOfFile: url.path) else { return }
        let scale = min(1, Self.side * 3 / max(full.size.width, full.size.height, 1))
        image = await full.byPreparingThumbnail(ofSize: CGSize(width: full.size.width * scale, height: full.size.height * scale))
    }
}

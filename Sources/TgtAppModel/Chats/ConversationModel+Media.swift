import Foundation
import TgtDomain
import TgtTelegram

/// A message's file opened in the app: downloaded by TDLib into its folder, and how the shell
/// shows it, chosen from the file's bytes (never the sender's name or type): pictures in the
/// viewer, sound and video in the player, anything else only saved or shared (never rendered:
/// an HTML page or SVG from someone else does not run in the app).
public struct OpenedMedia: Sendable, Equatable, Identifiable {
    /// How the shell shows it.
    public enum Presentation: Sendable, Equatable {
        case image, player, file
    }

    public var messageID: Int64
    /// TDLib's copy, inside its files folder.
    public var url: URL
    /// The sender's name for it, made safe.
    public var name: String
    public var presentation: Presentation
    public var id: Int64 { messageID }

    public init(messageID: Int64, url: URL, name: String, presentation: Presentation) {
        self.messageID = messageID
        self.url = url
        self.name = name
        self.presentation = presentation
    }

    /// The presentation the first bytes call for.
    public static func presentation(head: [UInt8]) -> Presentation {
        switch MediaSniffer.sniff(head) {
        case .jpeg?, .png?, .gif?, .webp?: .image
        case .mp4?, .mpeg?, .m4a?, .wav?: .player
        // The system player plays neither Ogg (Telegram's voice notes) nor WebM: save or share.
        case .webm?, .ogg?, nil: .file
        }
    }
}

extension ConversationModel {
    /// Downloads `item`'s file (at the priority of what the user is looking at) and opens it:
    /// `openedMedia` is set for the shell to show, or `actionError` says why not.
    public func openMedia(_ item: ChatMessageItem) async {
        guard item.media?.file != nil else { return }
        openingMediaID = item.id
        defer { if openingMediaID == item.id { openingMediaID = nil } }
        do {
            let service = try await host.chatService()
            let file = try await service.downloadMedia(chatID: chatID, messageID: item.id, priority: 32)
            let head = Self.head(of: file.path)
            guard openingMediaID == item.id else { return }
            openedMedia = OpenedMedia(messageID: item.id, url: URL(fileURLWithPath: file.path), name: file.fileName,
                                      presentation: OpenedMedia.presentation(head: head))
            actionError = nil
            // Its sender sees a voice note listened to; the viewer does not wait on it.
            _ = try? await service.openContent(chatID: chatID, messageID: item.id)
        } catch {
            actionError = .failure(error)
        }
    }

    /// Closes the viewer or player.
    public func closeMedia() {
        openedMedia = nil
    }

    private static func head(of path: String) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        return [UInt8]((try? handle.read(upToCount: MediaSniffer.prefixLength)) ?? Data())
    }
}

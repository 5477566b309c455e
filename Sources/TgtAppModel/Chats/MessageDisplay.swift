import Foundation
import TgtApplication

/// A piece of a message's text with the styles its entities give it, for a native text view.
///
/// Built from TDLib's entities (structure, never markup in the text): the text of every run
/// is shown as it is, and a link is kept only for http, https, tg and mailto addresses.
public struct StyledRun: Sendable, Equatable {
    /// A style an entity gives.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        case bold, italic, underline, strikethrough, code, spoiler, quote
    }

    public var text: String
    public var styles: Set<Style>
    public var link: URL?

    public init(text: String, styles: Set<Style> = [], link: URL? = nil) {
        self.text = text
        self.styles = styles
        self.link = link
    }
}

extension ChatMessageItem {
    /// The text in runs of equal style (one plain run when it has no entities).
    public var runs: [StyledRun] { StyledRun.runs(formatted) }

    /// "Forwarded from Dmitri Volkov" above a forwarded bubble.
    public var forwardLine: AppText? { forwardedFrom.map { AppText("conversation.forwardedFrom", $0) } }
}

extension MediaItem {
    /// The blurred preview (a tiny JPEG) to draw under the media's label.
    public var previewJPEG: Data? { minithumbnail.flatMap { Data(base64Encoded: $0) } }
}

extension StyledRun {
    /// Cuts `text` at every entity boundary (UTF-16 offsets, clipped to the text, never inside
    /// a surrogate pair) and merges neighbours that look the same.
    public static func runs(_ text: FormattedText) -> [StyledRun] {
        let units = Array(text.text.utf16)
        // An offset inside a surrogate pair moves to the pair's start.
        func snap(_ offset: Int) -> Int {
            let clipped = max(0, min(units.count, offset))
            return clipped > 0 && clipped < units.count && UTF16.isTrailSurrogate(units[clipped]) ? clipped - 1 : clipped
        }
        let spans: [(start: Int, end: Int, entity: TextEntity)] = text.entities.compactMap { entity in
            let start = snap(Int(entity.offset))
            let end = max(start, snap(Int(entity.offset) + Int(max(0, entity.length))))
            return end > start ? (start, end, entity) : nil
        }
        var cuts = Set([0, units.count])
        for span in spans { cuts.formUnion([span.start, span.end]) }
        let boundaries = cuts.sorted()
        var runs: [StyledRun] = []
        for (from, to) in zip(boundaries, boundaries.dropFirst()) where to > from {
            let covering = spans.filter { $0.start <= from && $0.end >= to }
            let piece = String(decoding: units[from..<to], as: UTF16.self)
            let styles = Set(covering.compactMap { Self.style(of: $0.entity.typeName) })
            let link = covering.lazy.compactMap { Self.link(of: $0.entity, text: piece) }.first
            if let last = runs.last, last.styles == styles, last.link == link {
                runs[runs.count - 1].text += piece
            } else {
                runs.append(StyledRun(text: piece, styles: styles, link: link))
            }
        }
        return runs
    }

    static func style(of type: String) -> Style? {
        switch type {
        case "textEntityTypeBold": .bold
        case "textEntityTypeItalic": .italic
        case "textEntityTypeUnderline": .underline
        case "textEntityTypeStrikethrough": .strikethrough
        case "textEntityTypeCode", "textEntityTypePre", "textEntityTypePreCode": .code
        case "textEntityTypeSpoiler": .spoiler
        case "textEntityTypeBlockQuote", "textEntityTypeExpandableBlockQuote": .quote
        default: nil
        }
    }

    /// The address of a link entity, when its scheme is one we follow.
    static func link(of entity: TextEntity, text: String) -> URL? {
        let candidate: String
        switch entity.typeName {
        case "textEntityTypeTextUrl":
            guard case .object(let fields) = entity.type, case .string(let url)? = fields["url"] else { return nil }
            candidate = url
        case "textEntityTypeUrl":
            candidate = text.contains("://") ? text : "https://" + text
        default:
            return nil
        }
        guard let url = URL(string: candidate.trimmingCharacters(in: .whitespacesAndNewlines)),
              let scheme = url.scheme?.lowercased(), ["http", "https", "tg", "mailto"].contains(scheme)
        else { return nil }
        return url
    }
}

import Foundation
import TgtApplication
#if canImport(Glibc)
import Glibc
#endif

/// How `tgt chat` draws messages in a terminal: date separators, one line per message with
/// time, sender and text (styles from its entities when standard output is a terminal and
/// NO_COLOR is unset), a reply header, media labels, service lines, edit and read marks.
/// Other people's text never reaches the terminal raw: control characters and direction
/// overrides are removed.
enum ChatTerminal {
    static var isStyled: Bool {
        isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    /// Text from someone else, safe to print.
    static func clean(_ text: String) -> String { MessageText.stripControls(text) }

    static func shortDate(_ date: Date, now: Date) -> String {
        let calendar = Calendar.current
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        if calendar.isDate(date, inSameDayAs: now) {
            formatter.dateFormat = "HH:mm"
        } else if let days = calendar.dateComponents([.day], from: date, to: now).day, days < 6 {
            formatter.dateFormat = "EEE HH:mm"
        } else {
            formatter.dateFormat = "yyyy-MM-dd"
        }
        return formatter.string(from: date)
    }

    static func day(_ date: Date, now: Date) -> String {
        let calendar = Calendar.current
        if calendar.isDate(date, inSameDayAs: now) { return "Today" }
        if let yesterday = calendar.date(byAdding: .day, value: -1, to: now), calendar.isDate(date, inSameDayAs: yesterday) { return "Yesterday" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEEE d MMMM yyyy"
        return formatter.string(from: date)
    }

    /// "14:05" (one per printed message: components, not a new DateFormatter each time).
    static func time(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// Prints messages (oldest first) with a separator whenever the day changes after `lastDay`.
    static func lines(for items: [ChatMessageItem], lastDay: inout String?, now: Date) -> [String] {
        var out: [String] = []
        for item in items {
            let day = day(item.date, now: now)
            if day != lastDay {
                out.append(isStyled ? "\u{1B}[2m── \(day) ──\u{1B}[0m" : "── \(day) ──")
                lastDay = day
            }
            out.append(contentsOf: lines(for: item))
        }
        return out
    }

    /// The lines of one message: an optional reply header, then "HH:MM Sender: text  #id".
    static func lines(for item: ChatMessageItem) -> [String] {
        let styled = isStyled
        var out: [String] = []
        let id = styled ? "\u{1B}[2m#\(item.id)\u{1B}[0m" : "#\(item.id)"
        if let service = item.serviceLine {
            out.append("\(time(item.date))  — \(clean(service)) —  \(id)")
            return out
        }
        if let reply = item.replyTo {
            let who = reply.senderName.map { clean($0) + ": " } ?? ""
            out.append("       ┌ \(who)\(clean(reply.snippet))")
        }
        let sender = item.isOutgoing ? "You" : clean(item.sender.name)
        var body = MessageText.terminal(item.formatted, styled: styled)
        if let media = item.media { body = clean(media.label) + (body.isEmpty ? "" : " " + body) }
        if let from = item.forwardedFrom { body = "[forwarded from \(clean(from))] " + body }
        var marks: [String] = []
        if item.isPinned { marks.append("📌 pinned") }
        if item.editDate != nil { marks.append("edited") }
        if item.isOutgoing {
            switch item.sendingState {
            case "pending": marks.append("sending…")
            case "failed": marks.append("not sent: \(item.failureReason ?? "refused")")
            default: marks.append(item.isRead ? "✓✓" : "✓")
            }
        }
        let suffix = marks.isEmpty ? "" : " (\(marks.joined(separator: ", ")))"
        let name = styled ? "\u{1B}[1m\(sender)\u{1B}[0m" : sender
        // Continuation lines are indented under the text.
        let text = body.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n       ")
        out.append("\(time(item.date))  \(name): \(text)\(suffix)  \(id)")
        if !item.reactions.isEmpty { out.append("       " + reactions(item.reactions)) }
        return out
    }

    /// "👍 3 · ❤️ 1 (yours)": each reaction with its count, the user's own marked.
    static func reactions(_ items: [ReactionItem]) -> String {
        items.map { "\(clean($0.emoji)) \($0.count)\($0.isChosen ? " (yours)" : "")" }.joined(separator: " · ")
    }
}

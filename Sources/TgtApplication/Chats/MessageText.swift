import TgtTDLib
import TgtTelegram

/// Someone else's message text as a terminal shows it: control characters (escape sequences
/// that could restyle or move the terminal, bidirectional overrides) removed, Telegram's
/// formatting as ANSI styles, a list line shortened. The rules are the Telegram layer's
/// (`MessageTextRenderer`, `ChatItemBuilder`), the ones the dashboard's pages use.
public enum MessageText {
    /// `text` without terminal control characters (tab and new line kept).
    public static func stripControls(_ text: String) -> String { MessageTextRenderer.stripControls(text) }

    /// A message's formatted text for a terminal: ANSI styles when `styled`, plain otherwise;
    /// a link's address follows it when it differs from its text.
    public static func terminal(_ text: FormattedText, styled: Bool) -> String { MessageTextRenderer.terminal(text, styled: styled) }

    /// At most `limit` characters, on one line, with "…" when cut.
    public static func shorten(_ text: String, to limit: Int) -> String { ChatItemBuilder.shorten(text, to: limit) }

    /// The Markdown that formats to `text` again (bold stays bold, a plain "_" stays a
    /// character): what an editor shows when one of our messages is edited.
    public static func markdown(_ text: FormattedText) -> String { MarkdownSource.v1(text) }
}

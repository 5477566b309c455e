import TgtDomain
import TgtStore
import TgtTDLib

/// TDLib's own Markdown parser (`parseTextEntities` through `td_execute`, offline) as the
/// validator's markup check, so saving refuses what a send would.
public struct TDLibMarkupChecker: MarkupChecking {
    public let transport: any TDJSONTransport

    public init(transport: any TDJSONTransport) { self.transport = transport }

    public func parseMarkup(_ markdown: String) -> MarkupParse {
        do {
            return .text(try TDClient.execute(TDFunctions.ParseMarkdown(markdown), on: transport).text)
        } catch {
            if case .tdlib(_, let message, _) = error { return .broken(message) }
            return .unavailable
        }
    }
}

extension AppDatabase {
    /// The store's validator (with TDLib's text limit) that also checks Markdown with TDLib.
    public func validator(checkingMarkupWith transport: any TDJSONTransport) -> TemplateValidator {
        validator().checkingMarkup(with: TDLibMarkupChecker(transport: transport))
    }
}

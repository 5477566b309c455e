import Foundation
import TgtDomain

/// Why a TDLib request did not produce its result.
public enum TDError: UserFacingError, Equatable {
    /// TDLib answered with an `error` object.
    case tdlib(code: Int32, message: String, function: String)
    /// No answer within the allowed time.
    case timeout(function: String, seconds: Double)
    /// The client was closed (or closing) before the answer came.
    case closed(function: String)
    /// The answer could not be decoded into the expected type.
    case decoding(function: String, detail: String)
    /// The request could not be encoded.
    case encoding(function: String, detail: String)

    public var message: String {
        switch self {
        case .tdlib(let code, let message, _):
            if let seconds = retryAfter { return "Telegram asks to wait \(seconds) seconds before sending more (flood limit)." }
            return "Telegram said: \(message) (\(code))."
        case .timeout(let function, let seconds):
            return "Telegram did not answer \(function) within \(Self.formatSeconds(seconds))."
        case .closed(let function):
            return "The Telegram connection was closed before \(function) finished."
        case .decoding(let function, _):
            return "TDLib's answer to \(function) was not understood."
        case .encoding(let function, _):
            return "The request \(function) could not be built."
        }
    }

    public var nextStep: String? {
        switch self {
        case .tdlib(let code, _, _):
            if code == 401 { return "Log in to Telegram again." }
            if retryAfter != nil { return "Try again later." }
            return nil
        case .timeout: return "Check your network connection and try again."
        case .closed: return "Try again."
        case .decoding, .encoding: return "Please report this as a bug, with the app's version."
        }
    }

    public var code: String {
        switch self {
        case .tdlib(let code, _, _): code == 429 ? "flood_wait" : "telegram_error"
        case .timeout: "timeout"
        case .closed: "closed"
        case .decoding: "decoding"
        case .encoding: "encoding"
        }
    }

    /// TDLib's error code, for `.tdlib`.
    public var tdlibCode: Int32? {
        if case .tdlib(let code, _, _) = self { return code }
        return nil
    }

    /// Seconds to wait, for 429 "Too Many Requests: retry after N" errors.
    public var retryAfter: Int? {
        guard case .tdlib(429, let message, _) = self else { return nil }
        return Self.parseRetryAfter(message)
    }

    /// Parses the N from "Too Many Requests: retry after N" (also "FLOOD_WAIT_N").
    public static func parseRetryAfter(_ message: String) -> Int? {
        for marker in ["retry after ", "FLOOD_WAIT_"] {
            if let range = message.range(of: marker) {
                let digits = message[range.upperBound...].prefix { $0.isNumber }
                if let n = Int(digits) { return n }
            }
        }
        return nil
    }

    /// Seconds as the messages show them: "30 s", "2.5 s".
    public static func formatSeconds(_ s: Double) -> String {
        s == s.rounded() ? "\(Int(s)) s" : String(format: "%.1f s", s)
    }
}

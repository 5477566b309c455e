import Crypto
import Foundation
import TgtDomain

/// Signs a delivery the way big webhook senders do: `TgTemplates-Signature: t=<unix seconds>,
/// v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the webhook's secret>`. The receiver computes
/// the same over the raw body, compares in constant time, and refuses a `t` too far from its
/// own clock (five minutes), so an old delivery cannot be replayed (docs/automations.md).
public enum WebhookSigner {
    public static let signatureHeader = "TgTemplates-Signature"
    public static let eventHeader = "TgTemplates-Event"
    public static let deliveryHeader = "TgTemplates-Delivery"
    public static let attemptHeader = "TgTemplates-Attempt"

    /// The signature header's value for `body` sent at `time`.
    public static func signature(body: Data, secret: String, at time: Date) -> String {
        let stamp = Int64(time.timeIntervalSince1970.rounded(.down))
        var signed = Data("\(stamp).".utf8)
        signed.append(body)
        let mac = HMAC<SHA256>.authenticationCode(for: signed, using: SymmetricKey(data: Data(secret.utf8)))
        return "t=\(stamp),v1=" + mac.map { String(format: "%02x", $0) }.joined()
    }

    /// Whether `header` is a valid signature of `body` for `secret`, made within `tolerance`
    /// seconds of `now`: what a receiver does (docs/automations.md), here for the tests.
    public static func verify(header: String, body: Data, secret: String, now: Date, tolerance: TimeInterval = 300) -> Bool {
        var stamp: Int64?
        var given: [String] = []
        for part in header.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { continue }
            if pair[0] == "t" { stamp = Int64(pair[1]) }
            if pair[0] == "v1" { given.append(pair[1]) }
        }
        guard let stamp, abs(now.timeIntervalSince1970 - Double(stamp)) <= tolerance else { return false }
        let expected = signature(body: body, secret: secret, at: Date(timeIntervalSince1970: Double(stamp)))
        guard let expectedMAC = expected.split(separator: "=").last else { return false }
        return given.contains { constantTimeEqual(Array($0.utf8), Array(expectedMAC.utf8)) }
    }

    /// A new secret: "whsec_" and 32 random bytes in hex.
    public static func newSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return "whsec_" + (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}

import Foundation

/// How the demo's simulated Telegram behaves beyond its defaults: benchmarks set the round trip
/// (0 shows the product's own cost), browser tests slow uploads down to stop one half-way.
public struct DemoSettings: Sendable, Equatable {
    /// The simulated network round trip, in seconds (nil: the demo's default).
    public var latency: Double?
    /// The simulated upload speed (nil: the demo's default; 0: instant).
    public var uploadBytesPerSecond: Int?

    public init(latency: Double? = nil, uploadBytesPerSecond: Int? = nil) {
        self.latency = latency
        self.uploadBytesPerSecond = uploadBytesPerSecond
    }

    /// The settings the process's environment asks for: `TGT_DEMO_LATENCY_MS` (milliseconds,
    /// 0 or more) and `TGT_DEMO_UPLOAD_BYTES_PER_SECOND` (0 or more); anything else is ignored.
    public init(environment: [String: String]) {
        self.init(latency: environment["TGT_DEMO_LATENCY_MS"].flatMap(Double.init).flatMap { $0 >= 0 ? $0 / 1000 : nil },
                  uploadBytesPerSecond: environment["TGT_DEMO_UPLOAD_BYTES_PER_SECOND"].flatMap(Int.init).flatMap { $0 >= 0 ? $0 : nil })
    }
}

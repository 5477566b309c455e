import Foundation

/// A point on Earth, validated: latitude in [-90, 90], longitude in [-180, 180].
public struct Coordinate: Codable, Sendable, Hashable, CustomStringConvertible {
    public let latitude: Double
    public let longitude: Double

    /// Fails for non-finite or out-of-range values.
    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude),
            (-180...180).contains(longitude)
        else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Parses "LAT,LON" such as "45.4642,9.19" (spaces allowed around the comma).
    public init?(parsing text: String) {
        let parts = text.splitScalars(on: ",")
        guard parts.count == 2,
            let lat = Double(parts[0].trimmingCharacters(in: .whitespaces)),
            let lon = Double(parts[1].trimmingCharacters(in: .whitespaces))
        else { return nil }
        self.init(latitude: lat, longitude: lon)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let lat = try c.decode(Double.self, forKey: .latitude)
        let lon = try c.decode(Double.self, forKey: .longitude)
        guard let value = Coordinate(latitude: lat, longitude: lon) else {
            throw DecodingError.dataCorruptedError(
                forKey: .latitude, in: c, debugDescription: "coordinate out of range: \(lat),\(lon)")
        }
        self = value
    }

    private enum CodingKeys: String, CodingKey { case latitude, longitude }

    /// "45.464200,9.190000": six decimals (about 10 cm), the form used in texts and links.
    public var description: String { "\(Self.format(latitude)),\(Self.format(longitude))" }

    /// A link any phone opens in a map app.
    public var mapLink: String { "https://maps.google.com/?q=\(Self.format(latitude)),\(Self.format(longitude))" }

    static func format(_ value: Double) -> String {
        let scaled = (value * 1_000_000).rounded()
        let negative = scaled < 0
        let magnitude = Int64(abs(scaled))
        let whole = magnitude / 1_000_000
        let frac = magnitude % 1_000_000
        let fracText = String(frac)
        let padded = String(repeating: "0", count: 6 - fracText.count) + fracText
        return "\(negative ? "-" : "")\(whole).\(padded)"
    }
}


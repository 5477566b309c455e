import Foundation
import TgtApplication
import TgtDomain

/// Whether the app may use the person's location (CoreLocation's answer, simplified).
public enum LocationAuthorization: String, Sendable, Equatable {
    case notDetermined, denied, restricted, allowed
}

/// Why no location came back.
public enum LocationFailure: Error, Sendable, Equatable {
    case denied
    case timedOut
    case unavailable(String)
}

/// Where the person is: CoreLocation on iOS, a fixed or scripted answer in tests and previews.
public protocol LocationProviding: Sendable {
    func authorization() async -> LocationAuthorization
    /// One fix, asking for permission first when it was never asked.
    func currentLocation() async throws(LocationFailure) -> Coordinate
}

/// What a send gets for its location.
public enum LocationOutcome: Sendable, Equatable {
    /// The template does not use a location.
    case notNeeded
    case located(Coordinate)
    /// No fix; the default location from Settings is used, and the person is told why.
    case fallback(Coordinate, notice: AppText)
    /// No location at all; the template can do without (its map link is left out).
    case without(notice: AppText)
    /// No location, and the template cannot be sent without one.
    case refused(notice: AppText)
}

extension LocationOutcome {
    /// Puts this outcome on `order` (the coordinate, or going without the map link) and
    /// returns what the person is told about it; throws the refusal's words when the template
    /// cannot go without a location. Every send the app starts takes its location this way.
    public func apply(to order: inout SendOrder) throws(LocationRefusal) -> AppText? {
        switch self {
        case .notNeeded: return nil
        case .located(let coordinate):
            order.location = coordinate
            return nil
        case .fallback(let coordinate, let notice):
            order.location = coordinate
            return notice
        case .without(let notice):
            order.withoutLocation = true
            return notice
        case .refused(let notice): throw LocationRefusal(notice: notice)
        }
    }
}

/// A send refused for want of a location, with the words that say why.
public struct LocationRefusal: Error, Sendable, Equatable {
    public let notice: AppText
}

/// Finds the location for a send: a fresh fix within `timeout` (10 s), else the default
/// location, else without one only when the template allows it.
///
/// A template allows sending without a location when the only thing that wants it is an
/// appended map link; a native location message or `{{location}}`-style variables in the
/// text need one.
public struct LocationResolver: Sendable {
    public let provider: any LocationProviding
    public let workspace: Workspace
    public var timeout: Double

    /// The clock the timeout runs on.
    public let clock: any AppClock

    public init(provider: any LocationProviding, workspace: Workspace, timeout: Double = 10, clock: any AppClock) {
        self.clock = clock
        self.provider = provider
        self.workspace = workspace
        self.timeout = timeout
    }

    /// Whether `template` uses a location, and whether it can do without.
    public static func needs(_ template: Template) -> (uses: Bool, required: Bool) {
        let names = (try? template.variableNames()) ?? []
        let inText = names.contains { BuiltinVariable(rawValue: $0)?.needsLocation == true }
        let required = inText || template.locationMode == .native
        return (required || template.locationMode.needsLocation, required)
    }

    public func resolve(for template: Template) async -> LocationOutcome {
        let needs = Self.needs(template)
        guard needs.uses else { return .notNeeded }
        let why: AppText
        switch await fix() {
        case .success(let coordinate): return .located(coordinate)
        case .failure(.denied): why = AppText("location.denied")
        case .failure(.timedOut): why = AppText("location.timeout")
        case .failure(.unavailable(let detail)): why = AppText("location.unavailable", detail)
        }
        if let fallback = (try? workspace.settings.defaultLocation()) ?? nil {
            return .fallback(fallback, notice: AppText("location.usedDefault", sentence: why))
        }
        if !needs.required { return .without(notice: why) }
        return .refused(notice: AppText("location.required", parts: [.sentence(why), .text(template.name)]))
    }

    /// One fix, or `.timedOut` after `timeout` seconds even if the provider never answers.
    func fix() async -> Result<Coordinate, LocationFailure> {
        let provider = self.provider
        let timeout = self.timeout
        let clock = self.clock
        let answered = Locked(false)
        return await withCheckedContinuation { continuation in
            let lookup = Task {
                let result: Result<Coordinate, LocationFailure>
                do throws(LocationFailure) { result = .success(try await provider.currentLocation()) } catch { result = .failure(error) }
                if answered.firstTime() { continuation.resume(returning: result) }
            }
            Task {
                try? await clock.sleep(for: timeout)
                if answered.firstTime() {
                    lookup.cancel()
                    continuation.resume(returning: .failure(.timedOut))
                }
            }
        }
    }
}

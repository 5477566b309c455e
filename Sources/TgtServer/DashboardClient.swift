import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TgtDomain
import TgtStore
import TgtTDLib
import TgtTelegram

/// An error the running dashboard answered with (or the reason it could not be asked).
public struct DashboardClientError: UserFacingError, Equatable {
    public var code: String
    public var message: String
    public var nextStep: String?
}

/// How other `tgt` commands talk to a running `tgt serve` on the same data folder: over
/// loopback HTTP with the run's own token from `server.json` (readable only by this user),
/// so TDLib is never opened twice.
public struct DashboardClient: Sendable {
    public let descriptor: ServerDescriptor

    public init(descriptor: ServerDescriptor) { self.descriptor = descriptor }

    /// The client for the server holding this folder's Telegram session, if one does.
    public static func forRunningServer(in directory: DataDirectory) -> DashboardClient? {
        guard let descriptor = ServerDescriptor.read(in: directory), let holder = SessionLock.holder(of: directory),
              holder == descriptor.pid
        else { return nil }
        return DashboardClient(descriptor: descriptor)
    }

    /// Calls the API and returns the envelope's `data`.
    public func call(_ method: String, _ path: String, body: [String: Any]? = nil, timeout: Double = 180) async throws(DashboardClientError) -> JSONValue {
        guard let url = URL(string: descriptor.url + "/api/" + path) else {
            throw DashboardClientError(code: "bad_request", message: "Bad API path \(path).", nextStep: nil)
        }
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = method
        request.setValue("Bearer \(descriptor.token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try? JSONSerialization.data(withJSONObject: body)
        }
        let data: Data
        do {
            (data, _) = try await URLSession.shared.data(for: request)
        } catch {
            throw DashboardClientError(code: "unreachable", message: "The running dashboard (pid \(descriptor.pid)) at \(descriptor.url) did not answer.",
                                       nextStep: "Check that `tgt serve` is still running, or stop it to use the session directly.")
        }
        guard let envelope = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            throw DashboardClientError(code: "bad_reply", message: "The dashboard's reply was not JSON.", nextStep: nil)
        }
        if case .bool(true)? = envelope["success"] { return envelope["data"] ?? .null }
        let error = envelope["error"]
        func text(_ value: JSONValue?) -> String? { if case .string(let s)? = value { return s } else { return nil } }
        throw DashboardClientError(code: text(error?["code"]) ?? "failed", message: text(error?["message"]) ?? "The dashboard refused the request.",
                                   nextStep: text(error?["next_step"]))
    }
}

extension JSONValue {
    /// The string, if this is one.
    public var string: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The number as an integer, if this is one.
    public var int: Int64? { if case .number(let n) = self { return Int64(n) } else { return nil } }
    /// The flag, if this is one.
    public var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    /// The elements, if this is an array.
    public var array: [JSONValue] { if case .array(let a) = self { return a } else { return [] } }
}

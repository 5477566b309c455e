/// The four calls of TDLib's JSON interface (`td_json_client.h`), so the real libtdjson and the
/// Telegram simulator are interchangeable under `TDClient`.
///
/// Contract (same as libtdjson): `receive` is only ever called from one thread at a time (the
/// `TDRuntime` receive loop); `send` and `execute` may be called from any thread.
public protocol TDJSONTransport: AnyObject, Sendable {
    /// A new client identifier; the client starts with the first request sent to it.
    func createClientID() -> Int32
    /// Sends a JSON request to a client. The response carries the request's `@extra`.
    func send(clientID: Int32, request: String)
    /// The next response or update for any client, or nil after `timeout` seconds.
    func receive(timeout: Double) -> String?
    /// Runs a synchronous request (only those TDLib documents as "can be called synchronously").
    func execute(_ request: String) -> String?
}

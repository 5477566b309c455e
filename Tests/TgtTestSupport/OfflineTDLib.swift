import Foundation
import TgtTDLib

/// Helpers that drive a real libtdjson client as far as it goes without a network.
public enum OfflineTDLib {
    /// Loads the real library (the tests require it: install with scripts/install-deps.sh).
    public static func library() throws -> TDJSONLibrary {
        try TDJSONLibrary.load()
    }

    /// Parameters good enough for TDLib to start offline.
    public static func parameters(in dir: TestDirectory) -> TDFunctions.SetTdlibParameters {
        TDFunctions.SetTdlibParameters(
            databaseDirectory: dir.file("td").path, filesDirectory: dir.file("td-files").path,
            databaseEncryptionKey: Data(repeating: 7, count: 32), apiID: 12345,
            apiHash: "0123456789abcdef0123456789abcdef", deviceModel: "tests", applicationVersion: "0.0-test")
    }

    /// Waits for the first authorization state matching `predicate`, collecting every update
    /// seen; nil when the updates end first. No deadline of its own: the suite's time limit is.
    public static func waitFor(
        _ client: TDClient, iterator: inout AsyncStream<TDUpdate>.Iterator,
        seen: inout [TDUpdate],
        _ predicate: (AuthorizationState) -> Bool
    ) async -> AuthorizationState? {
        while !Task.isCancelled {
            guard let update = await iterator.next() else { return nil }
            seen.append(update)
            if case .authorizationState(let state) = update, predicate(state) { return state }
        }
        return nil
    }
}

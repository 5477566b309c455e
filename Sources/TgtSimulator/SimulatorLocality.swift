import Foundation

/// Where TDLib finds the answer to a request: in its own database and memory, at once, or on
/// Telegram's servers, after a round trip. The simulator answers the first kind immediately and
/// the second after the scenario's latency, so what a tap costs in the simulator is what it
/// costs with real TDLib (a one-tap send: its pending messages at once, the confirmations one
/// round trip later). Held to `td_api.tl` by the contract tests.
public enum SimulatedRequestLocality: String, Sendable, Equatable {
    /// Answered from TDLib's own state without the network.
    case local
    /// Waits for Telegram's servers (the scenario's latency).
    case server

    /// Functions `td_api.tl` calls "an offline method" (for a user account, as ours is).
    public static let documentedOffline: Set<String> = [
        "getChat", "getUser", "getMessageProperties", "searchChats",
    ]

    /// Functions TDLib answers from its own state although `td_api.tl` does not say "offline",
    /// each with what makes it so (read off TDLib's request handlers).
    public static let answeredLocally: [String: String] = [
        "sendMessage": "the message is created locally and returned pending; Telegram's verdict arrives later as updateMessageSendSucceeded or updateMessageSendFailed",
        "openChat": "only marks the chat opened in TDLib (answer_ok_query after a local call)",
        "closeChat": "only marks the chat closed in TDLib (answer_ok_query after a local call)",
        "viewMessages": "marks the messages read locally; TDLib tells the server in the background",
        "getMe": "the logged-in user is known to TDLib from the moment the login completes",
        "sendMessageAlbum": "like sendMessage: the messages are created locally and returned pending; the uploads and Telegram's verdicts come later",
        "getStorageStatisticsFast": "TDLib keeps the sizes of its files (\"quickly returns\" in td_api.tl)",
        "optimizeStorage": "TDLib's file garbage collector deletes local files only",
        "getFileDownloadedPrefixSize": "read off the file's downloaded parts in TDLib's file manager (no network)",
        "openMessageContent": "marks the content opened locally and answers; TDLib tells the server in the background",
    ]

    /// Functions that are offline only when a flag says so, with that flag.
    public static let offlineWhenFlagged: [String: String] = [
        "getChatHistory": "only_local",
        "canSendMessageToUser": "only_local",
        "createPrivateChat": "force",
    ]

    /// Every TDLib function the simulator answers (the contract tests check each one's locality).
    public static var simulatedFunctions: Set<String> { SimHandlers.known }

    /// Where `request` (a TDLib JSON object) is answered.
    public static func of(_ request: [String: Any]) -> SimulatedRequestLocality {
        let type = request["@type"] as? String ?? ""
        if documentedOffline.contains(type) || answeredLocally[type] != nil { return .local }
        if let flag = offlineWhenFlagged[type], request[flag] as? Bool == true { return .local }
        return .server
    }
}

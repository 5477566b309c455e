import TgtTelegram

/// The chat rules a face applies before it asks for anything: which chat a typed name means
/// and whether a file may be sent. They are the Telegram layer's (`ChatService`), the same
/// for a face that has the session and one that reaches it through a running dashboard.
public enum ChatLookup {
    /// The chat whose title is `text` (any case), else the only one whose title starts with
    /// it; several are ambiguous (the error lists them), none is not found.
    public static func pick(_ text: String, among chats: [(id: Int64, title: String)]) throws(ChatError) -> Int64 {
        try ChatService.pick(text, among: chats)
    }

    /// A local file checked before anything is uploaded (a regular file of 1 byte to 2,000 MB)
    /// and what it goes as (photo, video, animation, audio or document), decided by its bytes.
    public static func check(fileAt path: String, asFiles: Bool = false) throws(ChatError) -> CheckedFile {
        try ChatService.check(fileAt: path, asFiles: asFiles)
    }

    /// The most messages one deletion takes.
    public static var maxDelete: Int { ChatService.maxDelete }

    /// The most messages one forward takes.
    public static var maxForward: Int { ChatService.maxForward }
}

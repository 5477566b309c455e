import Foundation
import TgtTDLib
import TgtTelegram

/// A session's `updateFile`s as a test reads them, one at a time, from when it is made; with a
/// stopped clock it moves a slow download on step by step (a quarter second each).
public final class FileEvents {
    private var events: AsyncStream<ChatEvent>.Iterator

    public init(_ session: TelegramSession) {
        events = session.chatEvents.subscribe(replayingCurrent: false).makeAsyncIterator()
    }

    /// The next update of a file that `matching` accepts (nil when the session ends).
    public func next(_ matching: (TDFile) -> Bool = { _ in true }) async -> TDFile? {
        while let event = await events.next() { if case .file(let file) = event, matching(file) { return file } }
        return nil
    }

    /// Moves the clock on a quarter second at a time, each step's update awaited, until a file
    /// is complete.
    public func runToCompletion(_ clock: TestClock) async {
        while true {
            clock.advance(by: 0.25)
            guard let file = await next(), !file.isDownloaded else { return }
        }
    }
}

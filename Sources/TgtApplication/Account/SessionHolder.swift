import TgtStore
import TgtTelegram

/// Which process holds a data folder's Telegram session: only one may open TDLib's database,
/// so a second `tgt` asks the holder (a running `tgt serve`) instead of opening it again.
public enum SessionHolder {
    /// The process id of the one holding `directory`'s session now, if any does.
    public static func processID(holding directory: DataDirectory) -> Int32? {
        SessionLock.holder(of: directory)
    }
}

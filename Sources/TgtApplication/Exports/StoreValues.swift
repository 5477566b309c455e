import TgtStore

// The store's values a face names, re-exported on purpose: where the data lives and the rows a
// face reads back (a send's outcome per target). The store itself (`AppDatabase`) is not
// here: faces reach it through the application services. The rows listed are what the faces
// show (scheduled sends, a series's next sends, trigger links, the chat directory).

/// The data folder (the database, the TDLib folder, the secrets) of one `tgt` home.
public typealias DataDirectory = TgtStore.DataDirectory
/// One target's row of a send: scheduled, sent, failed or taken back.
public typealias SendLogEntry = TgtStore.SendLogEntry
/// One message waiting on Telegram's schedule, as the Scheduled lists show it.
public typealias ScheduledSend = TgtStore.ScheduledSend
/// One upcoming send of a repeating series.
public typealias SeriesOccurrence = TgtStore.SeriesOccurrence
/// A trigger link as stored (its secret only hashed).
public typealias TriggerRecord = TgtStore.TriggerRecord
/// A chat or topic from the cached chat directory (a template's possible target).
public typealias CachedChat = TgtStore.CachedChat
/// The Telegram API id and hash a person enters once.
public typealias APICredentials = TgtStore.APICredentials

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
/// A reply to a message a template sent, as the Sends page shows it.
public typealias SendReply = TgtStore.SendReply
/// An area of the store that changed (templates, timers, scheduled sends, sends, replies): what
/// open screens follow, whichever process wrote it.
public typealias StoreChange = TgtStore.StoreChange
/// Everything a person exported (templates and timers), as the export file holds it.
public typealias TemplateArchive = TgtStore.TemplateArchive
/// What an import added and replaced.
public typealias ImportSummary = TgtStore.ImportSummary
/// Atomic writes and reads of a file only its owner may read (0600): the secrets a face keeps
/// in the data folder (the dashboard's password hash and API token hashes).
public typealias SecureFile = TgtStore.SecureFile
/// One tap waiting in the app's queue, being sent, or how it ended.
public typealias SendJob = TgtStore.SendJob
/// What one report of a place's circle came to (send, or why not).
public typealias PlaceClaim = TgtStore.PlaceClaim
/// Where a face keeps the API credentials and TDLib's database key (a file in the data folder,
/// the Keychain on iOS).
public typealias SecretStoring = TgtStore.SecretStoring
/// Where a queued tap came from (the grid, a widget, CarPlay, Siri, a link, a place).
public typealias SendJobSource = TgtStore.SendJob.Source
/// Where one upcoming send of a series stands (on Telegram, planned, being scheduled, skipped).
public typealias SeriesOccurrenceState = TgtStore.SeriesOccurrence.State

/// A webhook as stored (its secret only in a 0600 file).
public typealias WebhookRecord = TgtStore.WebhookRecord
/// One event on its way to one webhook, as the delivery log shows it.
public typealias WebhookDelivery = TgtStore.WebhookDelivery

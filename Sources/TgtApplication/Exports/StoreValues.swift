import TgtStore

// The store's values a face names, re-exported on purpose: where the data lives and the rows a
// face reads back (a send's outcome per target). The store itself (`AppDatabase`) is not
// here: faces reach it through the application services.

/// The data folder (the database, the TDLib folder, the secrets) of one `tgt` home.
public typealias DataDirectory = TgtStore.DataDirectory
/// One target's row of a send: scheduled, sent, failed or taken back.
public typealias SendLogEntry = TgtStore.SendLogEntry

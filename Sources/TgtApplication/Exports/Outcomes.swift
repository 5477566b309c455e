import TgtStore
import TgtTDLib
import TgtTelegram

// The typed errors and outcomes the lower layers hand up, re-exported on purpose: each face
// words them in its own terms (a command's next step, a page's banner, the app's catalog), so
// it names these types through the application layer.

/// Why the store refused a read or a write.
public typealias StoreError = TgtStore.StoreError
/// Why Telegram API credentials were refused or could not be read.
public typealias CredentialsError = TgtStore.CredentialsError
/// Why a draft for another app could not be handed over.
public typealias DraftError = TgtStore.DraftError
/// Why Telegram's scheduler refused a send later or a repeat.
public typealias ScheduleError = TgtTelegram.ScheduleError
/// Why the Telegram session could not do what was asked (not logged in, unreachable).
public typealias TelegramError = TgtTelegram.TelegramError
/// Why a message could not be prepared or sent.
public typealias SendError = TgtTelegram.SendError
/// What a send did, per target.
public typealias SendReport = TgtTelegram.SendReport
/// One step of a send as it goes (each target's outcome).
public typealias SendProgress = TgtTelegram.SendProgress
/// The login step the session waits at.
public typealias LoginStep = TgtTelegram.LoginStep
/// A request TDLib refused (its code and message) or could not answer.
public typealias TDError = TgtTDLib.TDError
/// How the session reaches Telegram now (connecting, updating, ready).
public typealias ConnectionState = TgtTDLib.ConnectionState
/// Why libtdjson could not be loaded (not found, or not a usable library).
public typealias TDLibraryError = TgtTDLib.TDLibraryError
/// A message as a send would post it: its target, text with formatting and native location
/// (what `SendPreview` returns).
public typealias PreparedMessage = TgtTelegram.PreparedMessage
/// What a long-running session reports as it happens (`LiveSession.events`).
public typealias SessionEvent = TgtTelegram.SessionEvent
/// A change in the account's chats, as TDLib reported it (inside `SessionEvent.chat`).
public typealias ChatEvent = TgtTelegram.ChatEvent
/// What a `TelegramConnection` runs on: TDLib through a libtdjson (loaded, or linked into the
/// app), or the simulator.
public typealias TelegramBackend = TgtTelegram.TelegramEnvironment.Backend
/// A send, checked and ready (`SendRules.request(for:)`): the template, its values, location
/// and targets.
public typealias SendRequest = TgtTelegram.SendRequest

import TgtTDLib
import TgtTelegram

// The chats' values, re-exported on purpose: what `ChatAccess` takes and returns is what every
// face shows (the CLI's `tgt chat`, the dashboard's Chats page, the app's chat screens), so the
// faces name these types through the application layer and never import the Telegram layer or
// the TDLib binding for them. Only values are listed here: the services that make them
// (`ChatService`, the session) stay behind `ChatAccess` and the application services.

/// One chat as a list shows it (title, last message, unread count).
public typealias ChatSummary = TgtTelegram.ChatSummary
/// A chat list's last-message line.
public typealias MessagePreview = TgtTelegram.MessagePreview
/// One message of a conversation, as every face shows it.
public typealias ChatMessageItem = TgtTelegram.ChatMessageItem
/// One reaction on a message.
public typealias ReactionItem = TgtTelegram.ReactionItem
/// A message's sender.
public typealias SenderItem = TgtTelegram.SenderItem
/// A message's photo, video, voice note or file.
public typealias MediaItem = TgtTelegram.MediaItem
/// The file behind a `MediaItem`.
public typealias MediaFileItem = TgtTelegram.MediaFileItem
/// The message a message answers.
public typealias ReplyItem = TgtTelegram.ReplyItem
/// One page of a conversation's messages.
public typealias ConversationPage = TgtTelegram.ConversationPage
/// One page of a group's members.
public typealias MemberPage = TgtTelegram.MemberPage
/// One member of a group.
public typealias MemberItem = TgtTelegram.MemberItem
/// The chat folders with their unread counts.
public typealias ChatFolderBar = TgtTelegram.ChatFolderBar
/// One chat folder.
public typealias ChatFolderItem = TgtTelegram.ChatFolderItem
/// One contact.
public typealias ContactItem = TgtTelegram.ContactItem
/// A person's, group's or channel's profile.
public typealias ChatProfile = TgtTelegram.ChatProfile
/// How many photos, videos, files and links a chat shares.
public typealias SharedMediaCounts = TgtTelegram.SharedMediaCounts
/// The emoji a message may be reacted with, and its reactions now.
public typealias ReactionChoices = TgtTelegram.ReactionChoices
/// One topic of a forum group.
public typealias ForumTopicItem = TgtTelegram.ForumTopicItem
/// What downloaded media takes on disk.
public typealias MediaCacheUsage = TgtTelegram.MediaCacheUsage
/// A file checked before it is sent (its name, size and kind).
public typealias CheckedFile = TgtTelegram.CheckedFile
/// Why a chat action was refused.
public typealias ChatError = TgtTelegram.ChatError
/// Why files cannot be sent (inside `ChatError.badFile`).
public typealias FileProblem = TgtTelegram.FileProblem
/// Why a message cannot be edited (inside `ChatError.cannotEdit`).
public typealias EditRefusal = TgtTelegram.EditRefusal
/// Why a message cannot be pinned (inside `ChatError.cannotPin`).
public typealias PinRefusal = TgtTelegram.PinRefusal
/// Why messages cannot be forwarded (inside `ChatError.cannotForward`).
public typealias ForwardRefusal = TgtTelegram.ForwardRefusal
/// Why the user cannot react (inside `ChatError.cannotReact`).
public typealias ReactionRefusal = TgtTelegram.ReactionRefusal
/// Why a page of members cannot be read (inside `ChatError.badPage`).
public typealias PageProblem = TgtTelegram.PageProblem
/// What is wrong with a contact's name (inside `ChatError.badContactName`).
public typealias ContactNameProblem = TgtTelegram.ContactNameProblem
/// Why a file could not be downloaded (inside `ChatError.downloadFailed`).
public typealias DownloadProblem = TgtTelegram.DownloadProblem
/// Why Telegram did not send a message (inside `ChatError.sendFailed`).
public typealias SendFailure = TgtTelegram.SendFailure
/// Which chat list: the main list, the archive or a folder.
public typealias ChatListKind = TgtTDLib.ChatListKind
/// How far one file's upload has gone.
public typealias UploadProgress = TgtTDLib.UploadProgress
/// A message's text with its formatting.
public typealias FormattedText = TgtTDLib.FormattedText
/// One formatted span of a message's text (bold, a link, a mention…), as Telegram marks it.
public typealias TextEntity = TgtTDLib.TextEntity
/// What a file to send goes as (photo, video, GIF, audio, document).
public typealias OutgoingFileKind = TgtTDLib.OutgoingFile.Kind
/// A message's file downloaded into TDLib's cache.
public typealias MediaDownload = TgtTelegram.MediaDownload
/// Part of a message's file, as far as it is downloaded.
public typealias MediaPart = TgtTelegram.MediaPart
/// One page of found messages.
public typealias FoundMessagePage = TgtTelegram.FoundMessagePage
/// What became of a send that was cancelled.
public typealias CancelledSend = TgtTelegram.CancelledSend

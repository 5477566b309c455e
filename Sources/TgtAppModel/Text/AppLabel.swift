import TgtDomain

/// The fixed words of the app's screens (tab names, buttons, field labels), so the SwiftUI
/// shells hold no strings of their own: each is a String Catalog key with its English text.
public enum AppLabel: String, CaseIterable, Sendable {
    case tabTemplates = "tab.templates"
    case repeatTemplate = "series.button.repeat"
    case repeating = "series.title"
    case startRepeating = "series.button.start"
    case skipNext = "series.button.skipNext"
    case pauseSeries = "series.button.pause"
    case resumeSeries = "series.button.resume"
    case stopSeries = "series.button.stop"
    case repeatRule = "series.field.rule"
    case repeatRuleHint = "series.field.hint"
    case repeatEnds = "series.field.ends"
    case endsNever = "series.ends.never"
    case endsOn = "series.ends.on"
    case endsAfter = "series.ends.after"
    case lastDay = "series.field.lastDay"
    case numberOfSends = "series.field.times"
    case followUps = "followUps.title"
    case followUp = "followUps.button.followUp"
    case cancelFollowUp = "followUps.button.cancel"
    case followUpCondition = "followUps.field.condition"
    case conditionNotRead = "followUps.condition.notRead"
    case conditionNoReply = "followUps.condition.noReply"
    case conditionRead = "followUps.condition.read"
    case followUpWait = "followUps.field.wait"
    case followUpReadWait = "followUps.field.readWait"
    case waitAmount = "followUps.field.amount"
    case waitMinutes = "followUps.unit.minutes"
    case waitHours = "followUps.unit.hours"
    case waitDays = "followUps.unit.days"
    case followUpAction = "followUps.field.action"
    case actionRemind = "followUps.action.remind"
    case actionSend = "followUps.action.send"
    case followUpTemplate = "followUps.field.template"
    case chooseTemplate = "followUps.field.chooseTemplate"
    case followUpsLive = "followUps.section.live"
    case followUpsEnded = "followUps.section.ended"
    case setFollowUp = "followUps.button.set"
    case tabSettings = "tab.settings"
    case continueButton = "button.continue"
    case save = "button.save"
    case cancel = "button.cancel"
    case newTemplate = "button.new"
    case edit = "button.edit"
    case duplicate = "button.duplicate"
    case delete = "button.delete"
    case send = "button.send"
    case dismiss = "button.dismiss"
    case fieldAPIID = "field.apiID"
    case fieldAPIHash = "field.apiHash"
    case fieldPhone = "field.phone"
    case fieldCode = "field.code"
    case fieldPassword = "field.password"
    case fieldEmail = "field.email"
    case fieldFirstName = "field.firstName"
    case fieldLastName = "field.lastName"
    case loginTitle = "login.title"
    case useQRCode = "login.useQR"
    case startOver = "login.startOver"
    case searchTemplates = "list.search"
    case valuesTitle = "list.values"
    case editorName = "editor.name"
    case editorIcon = "editor.icon"
    case editorText = "editor.text"
    case editorVariables = "editor.variables"
    case editorTargets = "editor.targets"
    case editorLocation = "editor.location"
    case editorSilent = "editor.silent"
    case editorKind = "editor.kind"
    case editorToEmail = "editor.to.email"
    case editorToPhone = "editor.to.phone"
    case editorCc = "editor.cc"
    case editorSubject = "editor.subject"
    case editorPlace = "editor.place"
    case editorPlaceOn = "editor.place.on"
    case editorPlaceWhen = "editor.place.when"
    case editorPlaceArrive = "editor.place.arrive"
    case editorPlaceLeave = "editor.place.leave"
    case editorPlaceName = "editor.place.name"
    case editorPlaceHere = "editor.place.here"
    case editorPlaceCoordinates = "editor.place.coordinates"
    case editorPlaceRadius = "editor.place.radius"
    case editorPlaceWindow = "editor.place.window"
    case editorPlaceMap = "editor.place.map"
    case settingsPlaces = "settings.places"
    case allowAlways = "settings.places.allowAlways"
    case importTitle = "settings.import.title"
    case ok = "button.ok"
    case pickerSearch = "picker.search"
    case pickerRefresh = "picker.refresh"
    case settingsAccount = "settings.account"
    case settingsConnection = "settings.connection"
    case settingsMedia = "settings.media"
    case clearMedia = "settings.media.clear"
    case settingsLocation = "settings.location"
    case settingsDefaultLocation = "settings.defaultLocation"
    case settingsAbout = "settings.about"
    case openSettings = "settings.openSystemSettings"
    case settingsSnippets = "settings.snippets"
    case snippetsOn = "snippets.field.on"
    case snippetsPrefix = "snippets.field.prefix"
    case snippetsRecent = "snippets.section.recent"
    case tabTimers = "tab.timers"
    case newTimer = "button.newTimer"
    case timerDuration = "timers.field.duration"
    case timerHours = "timers.field.hours"
    case timerMinutes = "timers.field.minutes"
    case timerSeconds = "timers.field.seconds"
    case timerColor = "timers.field.color"
    case timerTodos = "timers.field.todos"
    case timerNotes = "timers.field.notes"
    case addTodo = "timers.field.addTodo"
    case timersWidgetDescription = "timers.widget.description"
    case timerCompletion = "timers.field.completion"
    case timerRemindMe = "timers.field.remindMe"
    case tabChats = "tab.chats"
    case searchChats = "chats.search"
    case archive = "chats.archive"
    case muted = "chats.muted"
    case pinned = "chats.pinned"
    case mentioned = "chats.mention"
    case reply = "button.reply"
    case copy = "button.copy"
    case react = "button.react"
    case forward = "button.forward"
    case pin = "button.pin"
    case unpin = "button.unpin"
    case forwardTo = "conversation.forwardTo"
    case hideSender = "conversation.hideSender"
    case pinForBoth = "conversation.pinForBoth"
    case pinForMe = "conversation.pinForMe"
    case pinnedMessage = "conversation.pinnedMessage"
    case topicClosed = "topics.closed"
    case pasteImage = "composer.pasteImage"
    case attach = "composer.attach"
    case attachPhotos = "composer.attachPhotos"
    case attachFiles = "composer.attachFiles"
    case sendAsFiles = "composer.sendAsFiles"
    case removeAttachment = "composer.removeAttachment"
    case attachmentPhoto = "composer.kind.photo"
    case attachmentVideo = "composer.kind.video"
    case attachmentGIF = "composer.kind.gif"
    case attachmentAudio = "composer.kind.audio"
    case attachmentFile = "composer.kind.file"
    case cancelSending = "conversation.cancelSending"
    case playVoice = "conversation.voice.play"
    case pauseVoice = "conversation.voice.pause"
    case notPlayed = "conversation.voice.notPlayed"
    case selfDestructing = "conversation.media.selfDestructing"
    case select = "conversation.select"
    case done = "button.done"
    case profile = "profile.title"
    case profileBio = "profile.bio"
    case profileAbout = "profile.about"
    case profilePhone = "profile.phone"
    case profileMembers = "profile.members"
    case profileGroupsInCommon = "profile.groupsInCommon"
    case profileShared = "profile.shared"
    case profileMoreMembers = "profile.moreMembers"
    case profileMessage = "profile.message"
    case allChats = "chats.allChats"
    case contacts = "contacts.title"
    case searchContacts = "contacts.search"
    case addContact = "profile.addContact"
    case saveOrShare = "media.saveOrShare"
    case close = "button.close"
    case openMedia = "media.open"
    case mediaNotShown = "media.notShown"
    case inContacts = "profile.inContacts"
    case firstName = "profile.firstName"
    case lastName = "profile.lastName"
    case sharePhone = "profile.sharePhone"
    case addReaction = "conversation.addReaction"
    case yourReaction = "conversation.yourReaction"
    case deleteForMe = "chats.deleteForMe"
    case deleteForEveryone = "chats.deleteForEveryone"
    case deleteMessage = "chats.deleteMessage"
    case jumpToLatest = "conversation.jumpToLatest"
    case edited = "conversation.edited"
    case messageField = "composer.placeholder"
    case sendTemplateHere = "composer.sendTemplateHere"
    case noTemplates = "composer.noTemplates"
    // Also used by the view models (English in `AppText.english`).
    case listTitle = "list.title"
    case retry = "list.retry"
    case sent = "list.sent"
    case queued = "list.queued"
    case undo = "list.undo"
    case undone = "list.undone"
    case widgetUndo = "widget.undo"

    public static let english: [String: String] = [
        "tab.templates": "Templates",
        "series.button.repeat": "Repeat…",
        "series.title": "Repeating",
        "series.button.start": "Start repeating",
        "series.button.skipNext": "Skip next",
        "series.button.pause": "Pause",
        "series.button.resume": "Resume",
        "series.button.stop": "Stop",
        "series.field.rule": "Repeats",
        "series.field.hint": "For example “mon,fri 10:00”, “weekdays 08:30”, “day 09:00”, “month 31 09:00”.",
        "series.field.ends": "Ends",
        "series.ends.never": "Never",
        "series.ends.on": "On a day",
        "series.ends.after": "After a number of sends",
        "series.field.lastDay": "Last day",
        "series.field.times": "Number of sends",
        "followUps.title": "Follow-ups",
        "followUps.button.followUp": "Follow up…",
        "followUps.button.cancel": "Cancel follow-up",
        "followUps.field.condition": "Condition",
        "followUps.condition.notRead": "If not read",
        "followUps.condition.noReply": "If no reply",
        "followUps.condition.read": "When read",
        "followUps.field.wait": "Within",
        "followUps.field.readWait": "Wait for the read at most",
        "followUps.field.amount": "How long",
        "followUps.unit.minutes": "Minutes",
        "followUps.unit.hours": "Hours",
        "followUps.unit.days": "Days",
        "followUps.field.action": "Then",
        "followUps.action.remind": "Remind me in Saved Messages",
        "followUps.action.send": "Send a template",
        "followUps.field.template": "Template",
        "followUps.field.chooseTemplate": "Choose a template",
        "followUps.section.live": "Waiting",
        "followUps.section.ended": "Ended lately",
        "followUps.button.set": "Save",
        "tab.settings": "Settings",
        "button.continue": "Continue",
        "button.save": "Save",
        "button.cancel": "Cancel",
        "button.new": "New template",
        "button.edit": "Edit",
        "button.duplicate": "Duplicate",
        "button.delete": "Delete",
        "button.send": "Send",
        "button.dismiss": "Dismiss",
        "field.apiID": "API id",
        "field.apiHash": "API hash",
        "field.phone": "Phone number",
        "field.code": "Code",
        "field.password": "Password",
        "field.email": "Email address",
        "field.firstName": "First name",
        "field.lastName": "Last name",
        "login.title": "Log in to Telegram",
        "login.useQR": "Log in with a QR code instead",
        "login.startOver": "Start over",
        "list.search": "Search templates",
        "list.values": "Fill in",
        "editor.name": "Name",
        "editor.icon": "Icon",
        "editor.text": "Message",
        "editor.variables": "Insert a variable",
        "editor.targets": "Send to",
        "editor.location": "Location",
        "editor.silent": "Send silently",
        "editor.kind": "Kind",
        "editor.to.email": "To (email addresses)",
        "editor.to.phone": "To (phone numbers)",
        "editor.cc": "Cc",
        "editor.subject": "Subject",
        "editor.place": "Send on arriving or leaving",
        "editor.place.on": "Send by itself at a place",
        "editor.place.when": "When",
        "editor.place.arrive": "Arriving at",
        "editor.place.leave": "Leaving",
        "editor.place.name": "Place name (Home, Office, …)",
        "editor.place.here": "Use where I am",
        "editor.place.coordinates": "Coordinates (latitude, longitude)",
        "editor.place.radius": "Radius",
        "editor.place.window": "At most",
        "editor.place.map": "Tap the map to choose the place",
        "picker.search": "Search chats and topics",
        "picker.refresh": "Refresh",
        "settings.account": "Account",
        "settings.connection": "Connection",
        "settings.media": "Downloaded media",
        "settings.media.clear": "Clear downloaded media",
        "settings.location": "Location access",
        "settings.defaultLocation": "Default location",
        "settings.about": "About",
        "settings.openSystemSettings": "Open Settings",
        "settings.snippets": "Snippets",
        "snippets.field.on": "Turn my messages that start with the prefix into templates",
        "snippets.field.prefix": "Prefix",
        "snippets.section.recent": "Lately",
        "settings.places": "Arriving and leaving",
        "settings.places.allowAlways": "Allow location “Always”",
        "settings.import.title": "Import templates",
        "button.ok": "OK",
        "tab.timers": "Timers",
        "button.newTimer": "New timer",
        "timers.field.duration": "Duration",
        "timers.field.hours": "Hours",
        "timers.field.minutes": "Minutes",
        "timers.field.seconds": "Seconds",
        "timers.field.color": "Color",
        "timers.field.todos": "To-dos",
        "timers.field.notes": "Notes",
        "timers.field.addTodo": "Add a to-do",
        "timers.widget.description": "Your running timers and when they end.",
        "timers.field.completion": "When it ends, post",
        "timers.field.remindMe": "Also remind me in Saved Messages",
        "tab.chats": "Chats",
        "chats.search": "Search chats",
        "chats.archive": "Archive",
        "chats.muted": "Muted",
        "chats.pinned": "Pinned",
        "chats.mention": "Mentions you",
        "button.reply": "Reply",
        "button.copy": "Copy",
        "button.react": "React",
        "button.forward": "Forward",
        "button.pin": "Pin",
        "button.unpin": "Unpin",
        "conversation.forwardTo": "Forward to…",
        "conversation.hideSender": "Hide the sender's name",
        "conversation.pinForBoth": "Pin for both of you",
        "conversation.pinForMe": "Pin for me only",
        "conversation.pinnedMessage": "Pinned message",
        "topics.closed": "Closed",
        "composer.pasteImage": "Paste image",
        "composer.attach": "Attach",
        "composer.attachPhotos": "Photos and videos",
        "composer.attachFiles": "Files",
        "composer.sendAsFiles": "Send as files",
        "composer.removeAttachment": "Remove",
        "composer.kind.photo": "Photo",
        "composer.kind.video": "Video",
        "composer.kind.gif": "GIF",
        "composer.kind.audio": "Audio",
        "composer.kind.file": "File",
        "conversation.cancelSending": "Cancel sending",
        "conversation.voice.play": "Play",
        "conversation.voice.pause": "Pause",
        "conversation.voice.notPlayed": "Not played yet",
        "conversation.media.selfDestructing": "It deletes itself once viewed: open it in Telegram.",
        "conversation.select": "Select",
        "button.done": "Done",
        "profile.title": "Profile",
        "profile.bio": "Bio",
        "profile.about": "About",
        "profile.phone": "Phone",
        "profile.members": "Members",
        "profile.groupsInCommon": "Groups in common",
        "profile.shared": "Shared media",
        "profile.moreMembers": "More members",
        "profile.message": "Message",
        "chats.allChats": "All chats",
        "contacts.title": "Contacts",
        "contacts.search": "Find a contact",
        "profile.addContact": "Add to contacts",
        "media.saveOrShare": "Save or share",
        "button.close": "Close",
        "media.open": "Open",
        "media.notShown": "Files from other people are not opened in the app: save or share it to open it elsewhere.",
        "profile.inContacts": "In your contacts",
        "profile.firstName": "First name",
        "profile.lastName": "Last name",
        "profile.sharePhone": "Show them my phone number",
        "conversation.addReaction": "Add a reaction",
        "conversation.yourReaction": "Your reaction: tap to take it back",
        "chats.deleteForMe": "Delete for me",
        "chats.deleteForEveryone": "Delete for everyone",
        "chats.deleteMessage": "Delete this message?",
        "conversation.jumpToLatest": "Jump to the latest messages",
        "conversation.edited": "edited",
        "composer.placeholder": "Message",
        "composer.sendTemplateHere": "Send a template here",
        "composer.noTemplates": "No Telegram templates yet",
    ]
}

extension AppText {
    /// A fixed label of the screens.
    public static func label(_ label: AppLabel) -> AppText { AppText(label.rawValue) }

    /// How a location mode is named in the editor.
    public static func locationMode(_ mode: LocationMode) -> AppText { AppText("location.mode.\(mode.rawValue)") }

    /// An icon's spoken name (VoiceOver).
    public static func icon(_ icon: TemplateIcon) -> AppText { .verbatim(icon.label) }
}

import Foundation
import TgtApplication
import TgtDomain
import TgtWire

/// The chats through a running dashboard (`tgt chat …` while `tgt serve` holds the session):
/// the same items the Telegram layer gives, read back from the API's JSON.
extension DashboardClient {
    typealias Schemas = Components.Schemas

    /// The chats of a list (none: the main list).
    public func conversations(_ list: ChatListKind? = nil, unreadOnly: Bool = false, search: String? = nil) async throws(DashboardClientError) -> [ChatSummary] {
        let (kind, folder): (Operations.ListConversations.Input.Query.ListPayload, Int32?) = switch list ?? .main {
        case .main: (.main, nil)
        case .archive: (.archive, nil)
        case .folder(let id): (.folder, id)
        }
        return try await call { client in
            let reply = try await client.listConversations(query: .init(list: kind, folderId: folder, unread: unreadOnly ? true : nil, search: search))
            return try reply.ok.body.json.data.chats.map(Self.summary)
        }
    }

    /// The chat folders with their unread counts.
    public func chatFolders() async throws(DashboardClientError) -> ChatFolderBar {
        try await call { client in
            let bar = try await client.listChatFolders().ok.body.json.data
            return ChatFolderBar(
                folders: bar.folders.map {
                    ChatFolderItem(id: $0.id, name: $0.name, icon: $0.icon, unreadCount: $0.unreadCount, unreadUnmutedCount: $0.unreadUnmutedCount)
                },
                mainPosition: bar.mainPosition, mainUnreadCount: bar.mainUnreadCount, mainUnreadUnmutedCount: bar.mainUnreadUnmutedCount)
        }
    }

    public func contacts(search: String?) async throws(DashboardClientError) -> [ContactItem] {
        try await call { client in
            try await client.listContacts(query: .init(search: search)).ok.body.json.data.contacts.map(Self.contact)
        }
    }

    public func startChat(userID: Int64) async throws(DashboardClientError) -> ChatSummary {
        try await call { client in Self.summary(try await client.startContactChat(path: .init(userId: userID)).ok.body.json.data) }
    }

    public func addContact(chatID: Int64, firstName: String, lastName: String, sharePhone: Bool) async throws(DashboardClientError) -> ContactItem {
        try await call { client in
            Self.contact(try await client.addConversationContact(path: .init(chatId: chatID),
                                                                 body: .json(.init(firstName: firstName, lastName: lastName, sharePhone: sharePhone))).ok.body.json.data)
        }
    }

    static func contact(_ c: Schemas.Contact) -> ContactItem {
        ContactItem(userID: c.userId, name: c.name, username: c.username, status: c.status)
    }

    public func conversation(_ chatID: Int64) async throws(DashboardClientError) -> ChatSummary {
        try await call { client in Self.summary(try await client.getConversation(path: .init(chatId: chatID)).ok.body.json.data) }
    }

    public func messages(chatID: Int64, before: Int64?, limit: Int, topicID: Int32? = nil) async throws(DashboardClientError) -> ConversationPage {
        try await call { client in
            let query = Operations.ListConversationMessages.Input.Query(before: before, limit: limit, topicId: topicID)
            let page = try await client.listConversationMessages(path: .init(chatId: chatID), query: query).ok.body.json.data
            return ConversationPage(chat: Self.summary(page.chat), messages: page.messages.map(Self.message), hasOlder: page.hasOlder,
                                    oldestMessageID: page.oldestMessageId, hasNewer: page.hasNewer)
        }
    }

    /// A forum's topics.
    public func topics(chatID: Int64) async throws(DashboardClientError) -> [ForumTopicItem] {
        try await call { client in
            try await client.listConversationTopics(path: .init(chatId: chatID)).ok.body.json.data.topics.map {
                ForumTopicItem(id: $0.id, title: $0.title, isGeneral: $0.isGeneral, isClosed: $0.isClosed, isPinned: $0.isPinned, unreadCount: $0.unreadCount)
            }
        }
    }

    public func sendMessage(chatID: Int64, text: String, replyTo: Int64?, silent: Bool, topicID: Int32?) async throws(DashboardClientError) -> ChatMessageItem {
        try await call { client in
            let body = Schemas.ChatMessageInput(text: text, replyTo: replyTo, silent: silent ? true : nil, topicId: topicID.map(Int.init))
            return Self.message(try await client.sendConversationMessage(path: .init(chatId: chatID), body: .json(body)).ok.body.json.data)
        }
    }

    public func editMessage(chatID: Int64, messageID: Int64, text: String) async throws(DashboardClientError) -> ChatMessageItem {
        try await call { client in
            let reply = try await client.editConversationMessage(path: .init(chatId: chatID, messageId: messageID), body: .json(.init(text: text)))
            return Self.message(try reply.ok.body.json.data)
        }
    }

    /// Deletes messages of a chat in one request: all of them, or none when any may not be.
    public func deleteMessages(chatID: Int64, messageIDs: [Int64], forAll: Bool) async throws(DashboardClientError) {
        try await call { client in
            _ = try await client.deleteConversationMessages(path: .init(chatId: chatID), body: .json(.init(messageIds: messageIDs, forAll: forAll ? true : nil))).ok
        }
    }

    /// The emoji the user may react with to a message, and its reactions now.
    public func reactionChoices(chatID: Int64, messageID: Int64) async throws(DashboardClientError) -> ReactionChoices {
        try await call { client in
            let data = try await client.getMessageReactions(path: .init(chatId: chatID, messageId: messageID)).ok.body.json.data
            return ReactionChoices(available: data.available, reactions: data.reactions.map(Self.reaction))
        }
    }

    /// Adds (`chosen`) or takes back one of the user's reactions; the message's reactions after.
    public func setReaction(chatID: Int64, messageID: Int64, reaction: String, chosen: Bool) async throws(DashboardClientError) -> [ReactionItem] {
        try await call { client in
            let reply = try await client.setMessageReaction(path: .init(chatId: chatID, messageId: messageID), body: .json(.init(reaction: reaction, chosen: chosen)))
            return try reply.ok.body.json.data.reactions.map(Self.reaction)
        }
    }

    /// The chat's pinned messages, newest first.
    public func pinnedMessages(chatID: Int64) async throws(DashboardClientError) -> [ChatMessageItem] {
        try await call { client in try await client.listPinnedMessages(path: .init(chatId: chatID)).ok.body.json.data.messages.map(Self.message) }
    }

    /// Pins (`pinned`) or unpins a message; `forEveryone: false` pins it for the user alone (private chats).
    public func setPinned(chatID: Int64, messageID: Int64, pinned: Bool, forEveryone: Bool, silent: Bool) async throws(DashboardClientError) {
        try await call { client in
            let path = Operations.PinMessage.Input.Path(chatId: chatID, messageId: messageID)
            if pinned {
                _ = try await client.pinMessage(path: path, body: .json(.init(forEveryone: forEveryone, silent: silent ? true : nil))).ok
            } else {
                _ = try await client.unpinMessage(path: .init(chatId: chatID, messageId: messageID)).ok
            }
        }
    }

    /// Forwards messages of `fromChatID` into `toChatID`; the new messages.
    public func forward(fromChatID: Int64, messageIDs: [Int64], toChatID: Int64, topicID: Int32?, hideSender: Bool, silent: Bool) async throws(DashboardClientError) -> [ChatMessageItem] {
        try await call { client in
            let body = Schemas.ForwardInput(fromChatId: fromChatID, messageIds: messageIDs, topicId: topicID.map(Int.init), hideSender: hideSender ? true : nil,
                                            silent: silent ? true : nil)
            return try await client.forwardMessages(path: .init(chatId: toChatID), body: .json(body)).ok.body.json.data.messages.map(Self.message)
        }
    }

    /// A person's, group's or channel's profile.
    public func profile(chatID: Int64) async throws(DashboardClientError) -> ChatProfile {
        try await call { client in
            let p = try await client.getConversationProfile(path: .init(chatId: chatID)).ok.body.json.data
            return ChatProfile(chatID: p.chatId, title: p.title, kind: ChatSummary.Kind(rawValue: p.kind) ?? .group, username: p.username, about: p.about,
                               phone: p.phone, status: p.status, memberCount: p.memberCount, groupsInCommon: p.groupsInCommon,
                               media: SharedMediaCounts(photosAndVideos: p.media.photosAndVideos, files: p.media.files, links: p.media.links,
                                                        voiceMessages: p.media.voiceMessages),
                               canListMembers: p.canListMembers, photoMinithumbnail: p.photoMinithumbnail,
                               contact: p.contact.map { ChatProfile.ContactState(isContact: $0.isContact, firstName: $0.firstName, lastName: $0.lastName) })
        }
    }

    /// One page of a group's members.
    public func members(chatID: Int64, offset: Int, limit: Int) async throws(DashboardClientError) -> MemberPage {
        try await call { client in
            let page = try await client.listConversationMembers(path: .init(chatId: chatID), query: .init(offset: offset, limit: limit)).ok.body.json.data
            return MemberPage(members: page.members.map { MemberItem(userID: $0.userId, name: $0.name, username: $0.username, role: $0.role.rawValue, status: $0.status) },
                              totalCount: page.totalCount, nextOffset: page.nextOffset)
        }
    }

    /// Saves the chat's cloud draft (empty text clears it).
    public func setDraft(chatID: Int64, topicID: Int32?, text: String) async throws(DashboardClientError) {
        try await call { client in
            _ = try await client.setConversationDraft(path: .init(chatId: chatID), body: .json(.init(text: text, topicId: topicID.map(Int.init)))).ok
        }
    }

    /// Marks the chat read up to its newest message; with `topicID`, only that forum topic.
    public func markRead(chatID: Int64, topicID: Int32? = nil) async throws(DashboardClientError) {
        try await call { client in
            _ = try await client.markConversationRead(path: .init(chatId: chatID), query: .init(topicId: topicID)).ok
        }
    }

    public func searchChats(_ query: String) async throws(DashboardClientError) -> [ChatSummary] {
        try await call { client in try await client.searchConversations(query: .init(q: query)).ok.body.json.data.chats.map(Self.summary) }
    }

    public func searchMessages(_ query: String, chatID: Int64?, limit: Int) async throws(DashboardClientError) -> [ChatMessageItem] {
        try await call { client in
            try await client.searchConversationMessages(query: .init(q: query, chatId: chatID, limit: limit)).ok.body.json.data.messages.map(Self.message)
        }
    }

    static func summary(_ chat: Schemas.ChatSummary) -> ChatSummary {
        var summary = ChatSummary(
            id: chat.id, title: chat.title, kind: ChatSummary.Kind(rawValue: chat.kind.rawValue) ?? .group, list: chat.list, isPinned: chat.isPinned,
            isMuted: chat.isMuted, unreadCount: chat.unreadCount, unreadMentionCount: chat.unreadMentionCount, isMarkedAsUnread: chat.isMarkedAsUnread,
            lastReadOutboxMessageID: chat.lastReadOutboxMessageId,
            lastMessage: chat.lastMessage.map {
                MessagePreview(messageID: $0.messageId, senderName: $0.senderName, text: $0.text, date: $0.date, isOutgoing: $0.isOutgoing, isRead: $0.isRead)
            },
            photoMinithumbnail: chat.photoMinithumbnail, cannotWrite: chat.canWrite ? nil : PostRefusal.read(code: chat.cannotWriteCode?.rawValue, reason: chat.cannotWriteReason) ?? .other,
            order: chat.order ?? 0)
        summary.draft = chat.draft
        summary.status = chat.status
        summary.typing = chat.typing
        summary.showsPreview = chat.showsPreview
        return summary
    }

    static func message(_ m: Schemas.ChatMessage) -> ChatMessageItem {
        var item = ChatMessageItem(
            id: m.id, chatID: m.chatId, date: m.date, editDate: m.editDate, isOutgoing: m.isOutgoing,
            sender: SenderItem(id: m.sender.id, name: m.sender.name, isChat: m.sender.isChat), formatted: FormattedText(text: m.text),
            serviceLine: m.serviceLine,
            media: m.media.map { MediaItem(kind: $0.kind, label: $0.label, minithumbnail: $0.minithumbnail, thumbnailFileID: $0.thumbnailFileId.map(Int32.init),
                                           file: $0.file.map { MediaFileItem(name: $0.name, size: $0.size, mimeType: $0.mimeType) }, isPlayed: $0.isPlayed,
                                           hasSpoiler: $0.hasSpoiler ?? false, isSecret: $0.isSecret ?? false) },
            replyTo: m.replyTo.map { ReplyItem(messageID: $0.messageId, senderName: $0.senderName, snippet: $0.snippet) },
            forwardedFrom: m.forwardedFrom, topicID: m.topicId.map(Int32.init), sendingState: m.sendingState, failureReason: m.failureReason,
            isRead: m.isRead)
        item.html = m.html
        item.upload = m.upload.map { UploadProgress(sentBytes: $0.sentBytes, totalBytes: $0.totalBytes) }
        item.reactions = m.reactions.map(reaction)
        item.isPinned = m.isPinned
        return item
    }

    static func reaction(_ r: Schemas.MessageReaction) -> ReactionItem {
        ReactionItem(emoji: r.emoji, key: r.key, count: r.count, isChosen: r.isChosen)
    }
}

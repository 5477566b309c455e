import Foundation
import TgtWire
import TgtApplication

/// How the API writes the chat layer's items (`ChatSummary`, `ChatMessageItem`, …) in the
/// generated types: snake_case keys, absent optionals left out, ids as JSON integers.
enum ChatModels {
    typealias Schemas = Components.Schemas

    static func summary(_ chat: ChatSummary) -> Schemas.ChatSummary {
        if let photo = chat.photoFileID { ThumbnailFiles.offer(photo) }
        return Schemas.ChatSummary(
            id: chat.id, title: chat.title, kind: Schemas.ChatSummary.KindPayload(rawValue: chat.kind.rawValue) ?? .group, list: chat.list,
            isPinned: chat.isPinned, isMuted: chat.isMuted, showsPreview: chat.showsPreview, unreadCount: chat.unreadCount, unreadMentionCount: chat.unreadMentionCount,
            isMarkedAsUnread: chat.isMarkedAsUnread, lastReadOutboxMessageId: chat.lastReadOutboxMessageID,
            lastMessage: chat.lastMessage.map(preview), photoMinithumbnail: chat.photoMinithumbnail, photoFileId: chat.photoFileID, canWrite: chat.canWrite,
            cannotWriteCode: chat.cannotWrite.flatMap { .init(rawValue: $0.rawValue) }, cannotWriteReason: chat.cannotWriteReason, order: chat.order,
            draft: chat.draft, status: chat.status, typing: chat.typing)
    }

    static func folderBar(_ bar: ChatFolderBar) -> Schemas.ChatFolderBar {
        Schemas.ChatFolderBar(
            folders: bar.folders.map {
                .init(id: $0.id, name: $0.name, icon: $0.icon, unreadCount: $0.unreadCount, unreadUnmutedCount: $0.unreadUnmutedCount)
            },
            mainPosition: bar.mainPosition, mainUnreadCount: bar.mainUnreadCount, mainUnreadUnmutedCount: bar.mainUnreadUnmutedCount)
    }

    static func contact(_ c: ContactItem) -> Schemas.Contact {
        Schemas.Contact(userId: c.userID, name: c.name, username: c.username, status: c.status)
    }

    static func preview(_ preview: MessagePreview) -> Schemas.MessagePreview {
        Schemas.MessagePreview(messageId: preview.messageID, senderName: preview.senderName, text: preview.text, date: preview.date,
                               isOutgoing: preview.isOutgoing, isRead: preview.isRead)
    }

    /// A message; its thumbnail, if any, becomes one `GET /api/files/{id}/thumbnail` may serve.
    static func message(_ item: ChatMessageItem) -> Schemas.ChatMessage {
        if let fileID = item.media?.thumbnailFileID { ThumbnailFiles.offer(fileID) }
        return Schemas.ChatMessage(
            id: item.id, chatId: item.chatID, date: item.date, editDate: item.editDate, isOutgoing: item.isOutgoing,
            sender: .init(id: item.sender.id, name: item.sender.name, isChat: item.sender.isChat), text: item.text, html: item.html,
            serviceLine: item.serviceLine,
            media: item.media.map { .init(kind: $0.kind, label: $0.label, minithumbnail: $0.minithumbnail, thumbnailFileId: $0.thumbnailFileID.map(Int.init),
                                          file: $0.file.map { .init(name: $0.name, size: $0.size, mimeType: $0.mimeType) }, isPlayed: $0.isPlayed,
                                          hasSpoiler: $0.hasSpoiler ? true : nil, isSecret: $0.isSecret ? true : nil) },
            replyTo: item.replyTo.map { .init(messageId: $0.messageID, senderName: $0.senderName, snippet: $0.snippet) },
            forwardedFrom: item.forwardedFrom, topicId: item.topicID.map(Int.init), sendingState: item.sendingState,
            failureReason: item.failureReason, upload: item.upload.map { .init(sentBytes: $0.sentBytes, totalBytes: $0.totalBytes) },
            isRead: item.isRead, reactions: item.reactions.map(reaction), isPinned: item.isPinned)
    }

    static func reaction(_ item: ReactionItem) -> Schemas.MessageReaction {
        Schemas.MessageReaction(emoji: item.emoji, key: item.key, count: item.count, isChosen: item.isChosen)
    }

    static func profile(_ p: ChatProfile) -> Schemas.ChatProfile {
        Schemas.ChatProfile(
            chatId: p.chatID, title: p.title, kind: p.kind.rawValue, username: p.username, about: p.about, phone: p.phone, status: p.status,
            memberCount: p.memberCount, groupsInCommon: p.groupsInCommon, canListMembers: p.canListMembers, photoMinithumbnail: p.photoMinithumbnail,
            contact: p.contact.map { .init(isContact: $0.isContact, firstName: $0.firstName, lastName: $0.lastName) },
            media: .init(photosAndVideos: p.media.photosAndVideos, files: p.media.files, links: p.media.links, voiceMessages: p.media.voiceMessages))
    }

    static func topic(_ topic: ForumTopicItem) -> Schemas.ForumTopic {
        Schemas.ForumTopic(id: topic.id, title: topic.title, isGeneral: topic.isGeneral, isClosed: topic.isClosed, isPinned: topic.isPinned,
                           unreadCount: topic.unreadCount, draft: topic.draft)
    }

    static func page(_ page: ConversationPage) -> Schemas.ConversationPage {
        Schemas.ConversationPage(chat: summary(page.chat), messages: page.messages.map(message), hasOlder: page.hasOlder,
                                 oldestMessageId: page.oldestMessageID, hasNewer: page.hasNewer)
    }
}

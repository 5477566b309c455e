import Foundation
import TgtTDLib

/// A person's, group's or channel's profile as a profile page shows it.
public struct ChatProfile: Codable, Sendable, Equatable {
    public var chatID: Int64
    public var title: String
    public var kind: ChatSummary.Kind
    /// The @username (without "@"), when it has one.
    public var username: String?
    /// A person's bio, or a group's or channel's description.
    public var about: String?
    /// A person's phone number ("+…"), when their privacy settings show it.
    public var phone: String?
    /// "online", "last seen recently", "bot" … for a person; nil for groups.
    public var status: String?
    /// Members of a group or subscribers of a channel.
    public var memberCount: Int?
    /// Groups the account shares with this person.
    public var groupsInCommon: Int?
    /// How many photos and videos, files, links and voice messages the chat holds.
    public var media: SharedMediaCounts
    /// Whether `members` can list them (groups; channels only for their admins).
    public var canListMembers: Bool
    /// The photo's blurred preview (base64 JPEG).
    public var photoMinithumbnail: String?
    /// For a person (not the account, a bot or a deleted account): whether they are in the
    /// contacts, and the name they would be added under. Nil for everyone else.
    public var contact: ContactState?

    /// Whether a person is a contact, and their own first and last name (what "Add to contacts" starts from).
    public struct ContactState: Codable, Sendable, Equatable {
        public var isContact: Bool
        public var firstName: String
        public var lastName: String

        public init(isContact: Bool, firstName: String, lastName: String) {
            self.isContact = isContact
            self.firstName = firstName
            self.lastName = lastName
        }

        private enum CodingKeys: String, CodingKey {
            case isContact = "is_contact"
            case firstName = "first_name"
            case lastName = "last_name"
        }
    }

    public init(chatID: Int64, title: String, kind: ChatSummary.Kind, username: String?, about: String?, phone: String?, status: String?,
                memberCount: Int?, groupsInCommon: Int?, media: SharedMediaCounts, canListMembers: Bool, photoMinithumbnail: String?,
                contact: ContactState? = nil)
    {
        self.contact = contact
        self.chatID = chatID
        self.title = title
        self.kind = kind
        self.username = username
        self.about = about
        self.phone = phone
        self.status = status
        self.memberCount = memberCount
        self.groupsInCommon = groupsInCommon
        self.media = media
        self.canListMembers = canListMembers
        self.photoMinithumbnail = photoMinithumbnail
    }

    private enum CodingKeys: String, CodingKey {
        case chatID = "chat_id", title, kind, username, about, phone, status, media
        case memberCount = "member_count", groupsInCommon = "groups_in_common", canListMembers = "can_list_members"
        case photoMinithumbnail = "photo_minithumbnail"
        case contact
    }
}

/// Shared media counts of a chat.
public struct SharedMediaCounts: Codable, Sendable, Equatable {
    public var photosAndVideos: Int
    public var files: Int
    public var links: Int
    public var voiceMessages: Int

    public init(photosAndVideos: Int, files: Int, links: Int, voiceMessages: Int) {
        self.photosAndVideos = photosAndVideos
        self.files = files
        self.links = links
        self.voiceMessages = voiceMessages
    }

    private enum CodingKeys: String, CodingKey {
        case photosAndVideos = "photos_and_videos", files, links
        case voiceMessages = "voice_messages"
    }
}

/// One member of a group as its member list shows them.
public struct MemberItem: Codable, Sendable, Equatable {
    public var userID: Int64
    public var name: String
    public var username: String?
    /// "owner", "admin", "member" or "restricted".
    public var role: String
    /// "online", "last seen recently" …
    public var status: String?

    public init(userID: Int64, name: String, username: String?, role: String, status: String?) {
        self.userID = userID
        self.name = name
        self.username = username
        self.role = role
        self.status = status
    }

    private enum CodingKeys: String, CodingKey {
        case userID = "user_id", name, username, role, status
    }
}

/// A page of a group's members, and where the next starts (nil: no more).
public struct MemberPage: Codable, Sendable, Equatable {
    public var members: [MemberItem]
    public var totalCount: Int
    public var nextOffset: Int?

    public init(members: [MemberItem], totalCount: Int, nextOffset: Int?) {
        self.members = members
        self.totalCount = totalCount
        self.nextOffset = nextOffset
    }

    private enum CodingKeys: String, CodingKey {
        case members
        case totalCount = "total_count"
        case nextOffset = "next_offset"
    }
}

extension ChatService {
    /// Most members in one page.
    public static let maxMembersPage = 200

    /// The chat's profile: for a person their name, @username, bio, phone when visible, last
    /// seen and groups in common; for a group or channel its description and member count;
    /// for every chat its shared media counts (Telegram's, four requests at once). `now` words
    /// "last seen".
    public func profile(chatID: Int64, now: Date) async throws(ChatError) -> ChatProfile {
        try requireLogin()
        let chat = try await chatOrPerson(chatID)
        let kind = await kind(of: chat)
        var profile = ChatProfile(chatID: chat.id, title: await title(of: chat), kind: kind, username: nil, about: nil, phone: nil, status: nil,
                                  memberCount: nil, groupsInCommon: nil, media: SharedMediaCounts(photosAndVideos: 0, files: 0, links: 0, voiceMessages: 0),
                                  canListMembers: false, photoMinithumbnail: chat.photoMinithumbnail.map { $0.data.base64EncodedString() })
        switch chat.type {
        case .private(let userID), .secret(let userID):
            let user = try await ask(TDFunctions.GetUser(userID: userID))
            let full = try? await ask(TDFunctions.GetUserFullInfo(userID: userID))
            profile.username = user.usernames.first
            profile.phone = user.phoneNumber.isEmpty ? nil : "+" + user.phoneNumber
            profile.status = user.status(now: now)
            profile.about = full.flatMap { $0.bio.isEmpty ? nil : $0.bio }
            profile.groupsInCommon = full.map { Int($0.groupInCommonCount) }
            if !user.isBot, !user.isDeleted, userID != (await session.me?.id ?? 0) {
                profile.contact = ChatProfile.ContactState(isContact: user.isContact, firstName: user.firstName, lastName: user.lastName)
            }
        case .basicGroup(let id):
            let full = try await ask(TDFunctions.GetBasicGroupFullInfo(basicGroupID: id))
            profile.about = full.description.isEmpty ? nil : full.description
            profile.memberCount = full.members.count
            profile.canListMembers = true
        case .supergroup(let id, _):
            let full = try await ask(TDFunctions.GetSupergroupFullInfo(supergroupID: id))
            profile.username = await session.supergroup(id)?.usernames.first
            profile.about = full.description.isEmpty ? nil : full.description
            profile.memberCount = Int(full.memberCount)
            profile.canListMembers = full.canGetMembers
        case .unknown:
            break
        }
        profile.media = await mediaCounts(chatID: chat.id)
        return profile
    }

    /// A page of the group's members (`limit` from `offset`, at most `maxMembersPage`), with
    /// their role and last seen. A channel's are refused unless Telegram lets the account read them.
    public func members(chatID: Int64, offset: Int = 0, limit: Int = 50, now: Date) async throws(ChatError) -> MemberPage {
        try requireLogin()
        guard let chat = try await knownChat(chatID) else { throw .chatNotFound(String(chatID)) }
        guard (1...Self.maxMembersPage).contains(limit) else { throw .badPage(.size(max: Self.maxMembersPage)) }
        guard offset >= 0 else { throw .badPage(.negativeOffset) }
        var members: [ChatMember]
        var total: Int
        switch chat.type {
        case .basicGroup(let id):
            let all = try await ask(TDFunctions.GetBasicGroupFullInfo(basicGroupID: id)).members
            total = all.count
            members = Array(all.dropFirst(offset).prefix(limit))
        case .supergroup(let id, _):
            let full = try await ask(TDFunctions.GetSupergroupFullInfo(supergroupID: id))
            guard full.canGetMembers else { throw .cannotListMembers }
            // Past Int32 there are no members (and no trap).
            let page = try await ask(TDFunctions.GetSupergroupMembers(supergroupID: id, offset: Int32(clamping: offset), limit: Int32(limit)))
            total = Int(page.totalCount)
            members = page.members
        default:
            throw .cannotListMembers
        }
        var items: [MemberItem] = []
        for member in members {
            guard case .user(let userID) = member.memberID else { continue }
            let user: User? = if let known = await session.user(userID) { known } else { try? await ask(TDFunctions.GetUser(userID: userID)) }
            items.append(MemberItem(userID: userID, name: user.map { $0.displayName.isEmpty ? "Deleted account" : $0.displayName } ?? "User \(userID)",
                                    username: user?.usernames.first, role: Self.role(member.status),
                                    status: user.map { $0.status(now: now) }))
        }
        let next = offset + members.count
        // Telegram may answer a short page before the end: more while the total is not reached.
        return MemberPage(members: items, totalCount: total, nextOffset: !members.isEmpty && next < total ? next : nil)
    }

    /// The chat, or for a person's user id with no chat yet (a group member's name tapped) their
    /// private chat (`createPrivateChat`: a local operation of TDLib that asks nothing of the
    /// person and posts nothing; the chat stays out of the lists until a message).
    func chatOrPerson(_ id: Int64) async throws(ChatError) -> Chat {
        if let chat = await session.chat(id) { return chat }
        guard id > 0 else { throw .chatNotFound(String(id)) }
        do {
            return try await session.send(TDFunctions.CreatePrivateChat(userID: id), timeout: timeout)
        } catch {
            throw .chatNotFound(String(id))
        }
    }

    /// Telegram's counts of the chat's shared media, asked at once; a count Telegram will not
    /// give is 0.
    func mediaCounts(chatID: Int64) async -> SharedMediaCounts {
        let session = session, timeout = timeout
        async let photos = try? session.send(TDFunctions.GetChatMessageCount(chatID: chatID, filter: .photoAndVideo), timeout: timeout).count
        async let files = try? session.send(TDFunctions.GetChatMessageCount(chatID: chatID, filter: .document), timeout: timeout).count
        async let links = try? session.send(TDFunctions.GetChatMessageCount(chatID: chatID, filter: .url), timeout: timeout).count
        async let voice = try? session.send(TDFunctions.GetChatMessageCount(chatID: chatID, filter: .voiceNote), timeout: timeout).count
        return SharedMediaCounts(photosAndVideos: Int(await photos ?? 0), files: Int(await files ?? 0), links: Int(await links ?? 0),
                                 voiceMessages: Int(await voice ?? 0))
    }

    static func role(_ status: MemberStatus) -> String {
        switch status {
        case .creator: "owner"
        case .administrator: "admin"
        case .restricted: "restricted"
        case .member, .left, .banned: "member"
        }
    }
}

extension User {
    /// The status a profile, contact or header shows for this user at `now`: "bot", else when
    /// they were last seen ("online", "last seen recently" …).
    public func status(now: Date) -> String {
        isBot ? "bot" : lastSeen.describe(now: now)
    }
}

extension LastSeen {
    /// "online", "last seen 5 minutes ago", "last seen recently" … at `now`.
    public func describe(now: Date) -> String {
        let seconds = Int(now.timeIntervalSince1970)
        switch self {
        case .online(let until) where Int(until) > seconds: return "online"
        case .online: return "last seen just now"
        case .offline(let was):
            let ago = max(0, seconds - Int(was))
            if ago < 60 { return "last seen just now" }
            if ago < 3600 { return "last seen \(ago / 60) minute\(ago / 60 == 1 ? "" : "s") ago" }
            if ago < 86_400 { return "last seen \(ago / 3600) hour\(ago / 3600 == 1 ? "" : "s") ago" }
            let days = ago / 86_400
            return days < 7 ? "last seen \(days) day\(days == 1 ? "" : "s") ago" : "last seen a while ago"
        case .recently: return "last seen recently"
        case .lastWeek: return "last seen within a week"
        case .lastMonth: return "last seen within a month"
        case .unknown: return "last seen a long time ago"
        }
    }
}

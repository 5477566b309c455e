import Foundation
import TgtApplication
import Observation

/// A person's, group's or channel's profile in the app: its facts (bio or description, phone
/// when visible, last seen, member count, groups in common, shared media) and a group's
/// members a page at a time.
@Observable @MainActor
public final class ProfileModel {
    public let chatID: Int64
    public private(set) var profile: ChatProfile?
    public private(set) var members: [MemberItem] = []
    public private(set) var memberTotal = 0
    public private(set) var hasMoreMembers = false
    public private(set) var error: AppText?

    @ObservationIgnored let host: LiveSession
    @ObservationIgnored private var nextOffset: Int?
    @ObservationIgnored private var loadingMembers = false

    public init(host: LiveSession, chatID: Int64) {
        self.host = host
        self.chatID = chatID
    }

    /// The facts, one line each, as the profile lists them (label, value).
    public var facts: [(label: AppText, value: String)] {
        guard let p = profile else { return [] }
        var facts: [(AppText, String)] = []
        if let about = p.about { facts.append((.label(p.kind == .private ? .profileBio : .profileAbout), about)) }
        if let phone = p.phone { facts.append((.label(.profilePhone), phone)) }
        if let count = p.memberCount { facts.append((.label(.profileMembers), String(count))) }
        if let groups = p.groupsInCommon, groups > 0 { facts.append((.label(.profileGroupsInCommon), String(groups))) }
        facts.append((.label(.profileShared), "\(p.media.photosAndVideos) 🖼 · \(p.media.files) 📎 · \(p.media.links) 🔗 · \(p.media.voiceMessages) 🎤"))
        return facts
    }

    /// Loads the profile and, for a group, the first page of members.
    public func load() async {
        do {
            let service = try await host.chats()
            profile = try await service.profile(chatID: chatID)
            error = nil
            if profile?.canListMembers == true {
                nextOffset = 0
                members = []
                await loadMoreMembers()
            }
        } catch {
            self.error = .failure(error)
        }
    }

    /// The chat to write in from this profile: a person's private chat (made first when there
    /// is none, a local step of TDLib), a group's or channel's own. Nil, with `error`, when it
    /// could not be opened.
    public func chatToWrite() async -> Int64? {
        guard let profile else { return nil }
        guard profile.kind == .private else { return profile.chatID }
        do {
            return try await host.chats().startChat(userID: profile.chatID).id
        } catch {
            self.error = .failure(error)
            return nil
        }
    }

    /// Whether "Add to contacts" applies: a person who is not a contact yet.
    public var canAddContact: Bool { profile?.contact?.isContact == false }

    /// Adds this person to the contacts under the name given, then reads the profile again;
    /// false (with `error` set) when Telegram or the name check refused.
    public func addContact(firstName: String, lastName: String, sharePhone: Bool) async -> Bool {
        do {
            _ = try await (try await host.chats()).addContact(chatID: chatID, firstName: firstName, lastName: lastName, sharePhone: sharePhone)
            await load()
            return true
        } catch {
            self.error = .failure(error)
            return false
        }
    }

    /// The next page of members (nothing when all are shown).
    public func loadMoreMembers() async {
        guard let offset = nextOffset, !loadingMembers else { return }
        loadingMembers = true
        defer { loadingMembers = false }
        do {
            let page = try await (try await host.chats()).members(chatID: chatID, offset: offset, limit: 50)
            members += page.members
            memberTotal = page.totalCount
            nextOffset = page.nextOffset
            hasMoreMembers = page.nextOffset != nil
        } catch {
            self.error = .failure(error)
        }
    }
}

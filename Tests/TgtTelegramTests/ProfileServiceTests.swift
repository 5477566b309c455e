import Foundation
import Testing
import TgtSimulator
import TgtTDLib
import TgtTelegram
import TgtTestSupport

@Suite("Chats: profiles and members", .timeLimit(.minutes(5)))
struct ProfileServiceTests {
    @Test("a person's profile: @username, bio, visible phone, last seen at a given time, groups in common, shared media; a member without a chat too")
    func person() async throws {
        let (sim, open, service) = try await ChatServiceTests.open()
        defer { sim.remove() }
        let now = Date()
        let alice = try await service.profile(chatID: 555_000_111, now: now)
        #expect(alice.title == "Alice" && alice.kind == .private && alice.username == "alice_m" && alice.phone == "+15555550111")
        #expect(alice.about?.contains("Climbing") == true && alice.status == "online" && (alice.groupsInCommon ?? 0) >= 1)
        // Mum has no chat of her own here: her profile comes through her private chat.
        let mum = try await service.profile(chatID: 555_000_201, now: now)
        #expect(mum.title == "Mum" && mum.phone == nil && mum.about == nil && mum.status?.hasSuffix("minutes ago") == true)
        // The wording at a given time.
        let at = Int32(now.timeIntervalSince1970)
        #expect(LastSeen.offline(wasOnline: at - 7200).describe(now: now) == "last seen 2 hours ago")
        #expect(LastSeen.offline(wasOnline: at - 30).describe(now: now) == "last seen just now")
        #expect(LastSeen.online(until: at - 1).describe(now: now) == "last seen just now")
        let family = try await service.profile(chatID: -1001000000001, now: now)
        #expect(family.kind == .supergroup && family.about == "Who's cooking, who's picking up, and the photos" && family.memberCount == 5)
        #expect(family.media.photosAndVideos > 0 && family.canListMembers)
        await #expect(throws: ChatError.chatNotFound("-31337")) { _ = try await service.profile(chatID: -31337, now: Date()) }
        await open.close()
    }

    @Test("members: a basic group's in pages, a supergroup's from Telegram with roles, a channel's refused")
    func members() async throws {
        let (sim, open, service) = try await ChatServiceTests.open()
        defer { sim.remove() }
        let first = try await service.members(chatID: -4001, offset: 0, limit: 2, now: Date())
        #expect(first.members.count == 2 && first.nextOffset == 2 && first.totalCount >= 3 && first.members[0].role == "owner")
        let rest = try await service.members(chatID: -4001, offset: 2, limit: 50, now: Date())
        #expect(rest.nextOffset == nil && Set((first.members + rest.members).map(\.userID)).count == first.totalCount)
        let family = try await service.members(chatID: -1001000000001, now: Date())
        #expect(family.members.contains { $0.name == "Mum" && $0.role == "owner" } && family.members.contains { $0.userID == 424242 })
        await #expect(throws: ChatError.cannotListMembers) { _ = try await service.members(chatID: -1001000000003, now: Date()) }
        await #expect(throws: ChatError.cannotListMembers) { _ = try await service.members(chatID: 555_000_111, now: Date()) }
        // Out of range: refused, never a trap (Int32 offsets).
        await #expect(throws: ChatError.self) { _ = try await service.members(chatID: -1001000000001, limit: 0, now: Date()) }
        #expect(try await service.members(chatID: -1001000000001, offset: 3_000_000_000, now: Date()).members.isEmpty)
        await open.close()
    }
}

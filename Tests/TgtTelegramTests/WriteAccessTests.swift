import Foundation
import Testing
import TgtDomain
import TgtTDLib
import TgtTelegram

/// The one rule for who may post where, case by case, and the chat summary that carries its
/// answer to the front ends.
@Suite("Write access: who may post where, and why not")
struct WriteAccessTests {
    private static func group(_ status: MemberStatus, stars: Int64 = 0, isChannel: Bool = false) -> (Chat, Supergroup) {
        (Chat(id: -100_77, type: .supergroup(supergroupID: 77, isChannel: isChannel), title: "G"),
         Supergroup(id: 77, memberCount: 10, isChannel: isChannel, status: status, paidMessageStarCount: stars))
    }

    @Test("a group's price: members and restricted members pay, its creator and admins do not; a channel's admins post free")
    func paidGroups() {
        for (status, expected) in [(MemberStatus.member, PostRefusal?.some(.paidMessages)), (.restricted(canSendBasicMessages: true), .paidMessages),
                                   (.creator, nil), (.administrator(canPostMessages: false), nil)] {
            let (chat, group) = Self.group(status, stars: 10)
            #expect(WriteAccess.refusal(chat, basicGroup: nil, supergroup: group, user: nil) == expected, "\(status)")
        }
        let (free, freeGroup) = Self.group(.member)
        #expect(WriteAccess.refusal(free, basicGroup: nil, supergroup: freeGroup, user: nil) == nil)
        let (channel, channelGroup) = Self.group(.administrator(canPostMessages: true), stars: 10, isChannel: true)
        #expect(WriteAccess.refusal(channel, basicGroup: nil, supergroup: channelGroup, user: nil) == nil)
        let (muted, mutedGroup) = Self.group(.restricted(canSendBasicMessages: false), stars: 10)
        #expect(WriteAccess.refusal(muted, basicGroup: nil, supergroup: mutedGroup, user: nil) == .restricted, "muted first: paying would not help")
    }

    @Test("a person: TDLib's canSendMessageToUser answer decides, asked only when they have a price")
    func people() {
        let chat = Chat(id: 5, type: .private(userID: 5), title: "P")
        let priced = User(id: 5, firstName: "P", lastName: "", paidMessageStarCount: 25)
        #expect(WriteAccess.needsMessagingCheck(priced) && !WriteAccess.needsMessagingCheck(User(id: 6, firstName: "F", lastName: "")))
        #expect(!WriteAccess.needsMessagingCheck(User(id: 7, firstName: "D", lastName: "", isDeleted: true, paidMessageStarCount: 25)))
        #expect(WriteAccess.refusal(chat, basicGroup: nil, supergroup: nil, user: priced) == nil, "unknown until asked: the send tells")
        let answers: [(CanSendMessageToUserResult, PostRefusal?)] = [
            (.paidMessages(starCount: 25), .paidMessages), (.paidMessages(starCount: 0), nil), (.ok, nil),
            (.userIsDeleted, .deletedAccount), (.restrictsNewChats, .restrictsNewChats), (.unknown("canSendMessageToUserResultNew"), nil),
        ]
        for (answer, expected) in answers {
            #expect(WriteAccess.refusal(chat, basicGroup: nil, supergroup: nil, user: priced, messaging: answer) == expected, "\(answer)")
        }
    }

    @Test("canSendMessageToUser's answers decode from TDLib's JSON, with the price")
    func decoding() throws {
        let paid = #"{"@type":"canSendMessageToUserResultUserHasPaidMessages","outgoing_paid_message_star_count":25}"#
        #expect(try JSONDecoder().decode(CanSendMessageToUserResult.self, from: Data(paid.utf8)) == .paidMessages(starCount: 25))
        let restricts = #"{"@type":"canSendMessageToUserResultUserRestrictsNewChats"}"#
        #expect(try JSONDecoder().decode(CanSendMessageToUserResult.self, from: Data(restricts.utf8)) == .restrictsNewChats)
    }

    @Test("a chat summary round-trips its refusal as code and English, and one written with only the English still reads as refused")
    func summaryCoding() throws {
        let summary = ChatSummary(id: -1, title: "News", kind: .channel, list: "main", isPinned: false, isMuted: true, unreadCount: 2,
                                  unreadMentionCount: 0, isMarkedAsUnread: false, lastReadOutboxMessageID: 0, lastMessage: nil,
                                  photoMinithumbnail: nil, cannotWrite: .channelAdminsOnly, order: 9)
        let data = try JSONEncoder().encode(summary)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["cannot_write_code"] as? String == "channel_admins_only" && json["cannot_write_reason"] as? String == "only the channel's admins can post.")
        #expect(try JSONDecoder().decode(ChatSummary.self, from: data) == summary)
        var old = json
        old["cannot_write_code"] = nil
        let decodedOld = try JSONDecoder().decode(ChatSummary.self, from: try JSONSerialization.data(withJSONObject: old))
        #expect(decodedOld.cannotWrite == .channelAdminsOnly && !decodedOld.canWrite)
        old["cannot_write_reason"] = "some newer wording."
        #expect(try JSONDecoder().decode(ChatSummary.self, from: try JSONSerialization.data(withJSONObject: old)).cannotWrite == .other)
    }
}

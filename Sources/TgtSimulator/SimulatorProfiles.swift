import Foundation

/// Profiles as Telegram gives them: people's status, phone (when their privacy shows it) and
/// bio (`getUserFullInfo`), groups' descriptions and members (`getBasicGroupFullInfo`,
/// `getSupergroupFullInfo`, `getSupergroupMembers`: a channel's only for its owner), and a
/// chat's shared media counts (`getChatMessageCount`).
extension TelegramSimulator {
    /// What each demo person says about themselves (Eve's is hostile, as her name is).
    static let bios: [Int64: String] = [
        555_000_111: "Climbing, coffee, and the occasional croissant ☕",
        555_000_203: "Photos from every family trip, eventually",
        555_000_666: "<script>alert('bio')</script> click javascript:alert(1)",
    ]

    /// Descriptions of the demo's groups and channels.
    static let descriptions: [Int64: String] = [
        -1001000000001: "Who's cooking, who's picking up, and the photos",
        -1001000000002: "Standups, releases and the rest of work",
        -1001000000003: "The day's tech news, twice a day",
        -4001: "Weekend crag plans. Bring your own quickdraws.",
    ]

    /// A person's `user` with their last-seen status (and phone, for Alice: a contact who shows it).
    func personObject(_ person: SimulatedPerson) -> [String: Any] {
        var object = SimObjects.person(person)
        let now = Int32(unixNow())
        switch person.id % 4 {
        // Online for a day: Telegram renews an online person's status every few minutes
        // (updateUserStatus with a new `expires`), a loop the simulator does not run; with
        // TDLib's five minutes, a demo (or a slow browser-test run) saw them go offline unasked.
        case 3: object["status"] = ["@type": "userStatusOnline", "expires": now + 24 * 3600]
        case 1: object["status"] = ["@type": "userStatusOffline", "was_online": now - 25 * 60]
        default: object["status"] = ["@type": "userStatusRecently", "by_my_privacy_settings": false]
        }
        if person.id == 555_000_111 { object["phone_number"] = "15555550111" }
        return object
    }

    func userFullInfo(_ userID: Int64) -> [String: Any] {
        let chats = currentScenario.chats.filter { chat in currentScenario.histories[chat.id]?.memberIDs.contains(userID) ?? false }
        return ["@type": "userFullInfo", "bio": ["@type": "formattedText", "text": Self.bios[userID] ?? "", "entities": [] as [Any]],
                "group_in_common_count": chats.filter { $0.id < 0 }.count, "can_be_called": true, "supports_video_calls": true,
                "has_private_calls": false, "has_private_forwards": false]
    }

    /// The members of a group: its history's people (the first is the owner) and the account.
    func memberObjects(_ chat: SimulatedChat) -> [[String: Any]] {
        let me = currentScenario.account.userID
        var ids = currentScenario.histories[chat.id]?.memberIDs ?? []
        if !ids.contains(me) { ids.append(me) }
        return ids.enumerated().map { index, id in
            let status: [String: Any] = index == 0 && id != me
                ? ["@type": "chatMemberStatusCreator", "is_anonymous": false, "is_member": true]
                : ["@type": "chatMemberStatusMember", "member_until_date": 0]
            return ["@type": "chatMember", "member_id": ["@type": "messageSenderUser", "user_id": id], "inviter_user_id": 0,
                    "joined_chat_date": 1_600_000_000 + index * 86_400, "status": status]
        }
    }

    func handleProfile(_ id: Int32, _ request: [String: Any], type: String) {
        let scenario = currentScenario
        switch type {
        case "getUserFullInfo":
            let userID = Self.int64(request["user_id"])
            guard userID == scenario.account.userID || scenario.people.contains(where: { $0.id == userID }) else {
                return respond(id, request, Self.error(400, "User not found"))
            }
            respond(id, request, userFullInfo(userID))
        case "getSupergroupMembers":
            guard let (chat, _) = supergroupChat(Self.int64(request["supergroup_id"])) else {
                return respond(id, request, Self.error(400, "Supergroup not found"))
            }
            if case .channel = chat.kind, !chat.isOwned { return respond(id, request, Self.error(400, "CHAT_ADMIN_REQUIRED")) }
            let all = memberObjects(chat)
            let offset = max(0, request["offset"] as? Int ?? 0)
            let limit = min(200, max(1, request["limit"] as? Int ?? 50))
            respond(id, request, ["@type": "chatMembers", "total_count": all.count, "members": Array(all.dropFirst(offset).prefix(limit))])
        case "getChatMessageCount":
            guard let chat = findChatInScenario(request["chat_id"]) else { return respond(id, request, Self.error(400, "Chat not found")) }
            let filter = (request["filter"] as? [String: Any])?["@type"] as? String ?? ""
            let messages = timeline(chat, directory: directory(of: id), below: 0, limit: 10_000)
            let count = messages.filter { message in
                let content = message["content"] as? [String: Any] ?? [:]
                switch filter {
                case "searchMessagesFilterPhotoAndVideo": return ["messagePhoto", "messageVideo"].contains(content["@type"] as? String ?? "")
                case "searchMessagesFilterDocument": return content["@type"] as? String == "messageDocument"
                case "searchMessagesFilterVoiceNote": return content["@type"] as? String == "messageVoiceNote"
                case "searchMessagesFilterUrl":
                    let text = Self.text(of: message)
                    return text.contains("https://") || text.contains("http://")
                default: return false
                }
            }.count
            respond(id, request, ["@type": "count", "count": count])
        default:
            unexpected(id, request)
        }
    }
}

import Foundation

/// The messages a simulated chat holds before anything happens, generated from the chat's
/// `SimulatedHistory` and the message's index, so 5,000 messages cost nothing until asked for
/// and every run sees the same ones. Message `i` (0 = oldest) has id `(i + 1) << 20`, as
/// TDLib's ids of server messages are.
struct SimulatorSeed {
    let chat: SimulatedChat
    let history: SimulatedHistory
    let me: Int64
    /// When the newest seeded message was posted (chats are a few minutes apart, in the
    /// order of the scenario, all before today's midnight UTC).
    let newestDate: Int

    init(chat: SimulatedChat, history: SimulatedHistory, me: Int64, chatIndex: Int, now: Date) {
        self.chat = chat
        self.history = history
        self.me = me
        let midnight = Int(now.timeIntervalSince1970) / 86_400 * 86_400
        newestDate = midnight - 600 - chatIndex * 420
    }

    static func id(_ index: Int) -> Int64 { Int64(index + 1) << 20 }
    static func index(_ id: Int64) -> Int? {
        guard id > 0, id & ((1 << 20) - 1) == 0 else { return nil }
        return Int(id >> 20) - 1
    }

    var spacing: Int { history.style == .bulk || history.style == .threaded ? 300 : 2_700 }

    func date(_ i: Int) -> Int { newestDate - (history.count - 1 - i) * spacing }

    /// Who wrote message `i` (nil: the channel itself).
    func sender(_ i: Int) -> Int64? {
        if history.style == .channel { return nil }
        guard !history.memberIDs.isEmpty else { return nil }
        if history.style == .privateChat { return history.memberIDs[(i / 2 + i) % history.memberIDs.count] }
        return history.memberIDs[Self.mix(chat.id, i) % history.memberIDs.count]
    }

    func isOutgoing(_ i: Int) -> Bool { sender(i) == me }

    /// A cheap, stable hash of (chat, index).
    static func mix(_ chatID: Int64, _ i: Int) -> Int {
        var x = UInt64(bitPattern: chatID) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(i) &* 0xBF58_476D_1CE4_E5B9
        x ^= x >> 31
        x = x &* 0x94D0_49BB_1331_11EB
        x ^= x >> 29
        return Int(x % 1_000_003)
    }

    /// The `message` object of message `i`.
    func message(_ i: Int) -> [String: Any] {
        var m: [String: Any] = [
            "@type": "message", "id": Self.id(i), "chat_id": chat.id, "date": date(i), "edit_date": 0,
            "is_outgoing": isOutgoing(i), "is_pinned": false, "is_channel_post": history.style == .channel,
            "contains_unread_mention": false, "media_album_id": "0", "author_signature": "",
        ]
        if let sender = sender(i) {
            m["sender_id"] = ["@type": "messageSenderUser", "user_id": sender]
        } else {
            m["sender_id"] = ["@type": "messageSenderChat", "chat_id": chat.id]
        }
        let (content, replyTo, topic, forwardFrom, edited) = body(i)
        m["content"] = content
        if let replyTo, replyTo >= 0 {
            m["reply_to"] = ["@type": "messageReplyToMessage", "chat_id": chat.id, "message_id": Self.id(replyTo), "origin_send_date": 0]
        }
        if let topic { m["topic_id"] = ["@type": "messageTopicForum", "forum_topic_id": topic] }
        if let forwardFrom {
            m["forward_info"] = ["@type": "messageForwardInfo", "origin": ["@type": "messageOriginUser", "sender_user_id": forwardFrom],
                                 "date": date(i) - 86_400, "public_service_announcement_type": ""]
        }
        if edited { m["edit_date"] = date(i) + 60 }
        if history.count >= 20, i == history.count - 15 || i == history.count / 4, Self.reactable.contains(content["@type"] as? String ?? "") {
            m["is_pinned"] = true
        }
        if Self.reactable.contains(content["@type"] as? String ?? ""), let reactions = reactions(i) {
            m["interaction_info"] = TelegramSimulator.interactionInfo(reactions)
        }
        return m
    }

    /// About one message in seven has a reaction or two from the chat's members (the account's
    /// own among them, chosen, when it is the one reacting).
    func reactions(_ i: Int) -> [[String: Any]]? {
        let mixed = Self.mix(chat.id, i &+ 7_919)
        guard mixed % 7 == 0 else { return nil }
        let choices = TelegramSimulator.allowedReactions(chat)
        let members = history.memberIDs.isEmpty ? [me] : history.memberIDs
        let reactor = members[(mixed / 7) % members.count]
        var list = [TelegramSimulator.reaction(choices[(mixed / 11) % min(4, choices.count)], count: 1 + (mixed / 13) % 3, chosen: reactor == me, by: reactor)]
        let second = members[(mixed / 17) % members.count]
        if mixed % 2 == 0, second != me, choices.count > 4 {
            list.append(TelegramSimulator.reaction(choices[4], count: 1, chosen: false, by: second))
        }
        return list
    }

    /// Contents people react to (not service messages).
    static let reactable: Set<String> = ["messageText", "messagePhoto", "messageVideo", "messageVoiceNote", "messageDocument", "messageSticker",
                                         "messageAudio", "messageAnimation", "messageVideoNote", "messageLocation"]

    /// The text of message `i` for searching (its text or caption).
    func searchableText(_ i: Int) -> String {
        let content = body(i).content
        if let text = content["text"] as? [String: Any] { return text["text"] as? String ?? "" }
        if let caption = content["caption"] as? [String: Any] { return caption["text"] as? String ?? "" }
        return ""
    }

    private func body(_ i: Int) -> (content: [String: Any], replyTo: Int?, topic: Int32?, forwardFrom: Int64?, edited: Bool) {
        let h = Self.mix(chat.id, i)
        let last = history.count - 1
        switch history.style {
        case .family:
            if i == 0 { return (["@type": "messageBasicGroupChatCreate", "title": chat.title, "member_user_ids": history.memberIDs], nil, nil, nil, false) }
            if i == 1 { return (["@type": "messageChatAddMembers", "member_user_ids": [history.memberIDs.first ?? me]], nil, nil, nil, false) }
            if i == last - 3 { return (SimulatorMedia.photo(fileID: Self.fileID(chat.id, i), caption: "Sunset from the balcony 🌅"), nil, nil, nil, false) }
            if i == last - 6 { return (SimulatorMedia.voiceNote(fileID: Self.fileID(chat.id, i), seconds: 12), nil, nil, nil, false) }
            if i == last - 8 { return (SimulatorMedia.sticker(fileID: Self.fileID(chat.id, i), emoji: "😂"), nil, nil, nil, false) }
            if i == last - 10 { return (SimulatorMedia.location(latitude: 45.4642, longitude: 9.19), nil, nil, nil, false) }
            if i % 9 == 4 { return (SimulatorMedia.photo(fileID: Self.fileID(chat.id, i), caption: i % 2 == 0 ? "" : "Look who's here!"), nil, nil, nil, false) }
            let line = Self.familyLines[h % Self.familyLines.count]
            return (SimulatorMedia.text(line), i % 6 == 5 ? i - 1 - h % 2 : nil, nil, nil, i == last - 2)
        case .work:
            let topics: [Int32] = [1, 11, 11, 12]
            let topic = topics[h % topics.count]
            if i == last - 7 { return (SimulatorMedia.document(fileID: Self.fileID(chat.id, i), name: "Q3 minutes.pdf", caption: "Minutes from Thursday"), nil, 11, nil, false) }
            if i == last - 11 { return (SimulatorMedia.poll("Lunch on Friday: pizza or sushi?"), nil, 12, nil, false) }
            if i == last - 4 { return (SimulatorMedia.text("Forwarding Alice's notes on the release"), nil, 11, 555_000_111, false) }
            if i == last - 1 { return (SimulatorMedia.contact(firstName: "Tom", lastName: "Becker"), nil, 1, nil, false) }
            let line = Self.workLines[h % Self.workLines.count]
            return (SimulatorMedia.text(line, boldPrefix: line.hasPrefix("Standup")), i % 5 == 3 ? i - 1 : nil, topic, nil, false)
        case .bulk:
            return (SimulatorMedia.text("Message #\(i + 1): \(Self.bulkLines[h % Self.bulkLines.count])"), i % 50 == 49 ? i - 3 : nil, nil, nil, false)
        case .threaded:
            // The newest 50: the first 30 answer the 30 messages just before them, one each.
            let j = i - (history.count - 50)
            let replyTo = j >= 0 && j < 30 ? history.count - 80 + j : nil
            return (SimulatorMedia.text("Message #\(i + 1): \(Self.bulkLines[h % Self.bulkLines.count])"), replyTo.flatMap { $0 >= 0 ? $0 : nil }, nil, nil, false)
        case .hostile:
            if i == last - 9 {
                return (SimulatorMedia.document(fileID: Self.fileID(chat.id, i), name: "<img src=x onerror=alert(1)>.html", caption: "Open me 😈", mimeType: "text/html"), nil, nil, nil, false)
            }
            if i == last - 10 {
                return (SimulatorMedia.document(fileID: Self.fileID(chat.id, i), name: "drawing.svg", caption: "", mimeType: "image/svg+xml"), nil, nil, nil, false)
            }
            return (Self.hostile(i), i % 4 == 3 ? i - 1 : nil, nil, nil, false)
        case .channel:
            if i % 5 == 2 {
                var photo = SimulatorMedia.photo(fileID: Self.fileID(chat.id, i), caption: "Tech News #\(i + 1): the chart of the week")
                // The newest chart is a spoiler (the results of a vote).
                if i + 5 > last { photo["has_spoiler"] = true }
                return (photo, nil, nil, nil, false)
            }
            return (SimulatorMedia.text("Tech News #\(i + 1): \(Self.newsLines[h % Self.newsLines.count])", link: "https://example.com/news/\(i + 1)"), nil, nil, nil, false)
        case .privateChat:
            // A self-destructing photo in the chat with Alice (view-once, as Telegram's phone apps send).
            if chat.id == 555_000_111, i == last - 5 {
                var photo = SimulatorMedia.photo(fileID: Self.fileID(chat.id, i), caption: "")
                photo["is_secret"] = true
                return (photo, nil, nil, nil, false)
            }
            let line = Self.privateLines[i % Self.privateLines.count]
            return (SimulatorMedia.text(line), i == last - 1 ? i - 1 : nil, nil, nil, false)
        }
    }

    /// File ids of seeded media, unique per chat and message, positive Int32: the `i`th
    /// message's file (-1: the chat's photo); a photo's second size is the next id. Both are
    /// registered as the chat's (`SimulatorFileOwners`).
    static func fileID(_ chatID: Int64, _ i: Int) -> Int32 {
        let id = Int32(truncatingIfNeeded: 1_000 + (mix(chatID, i + 7_919) % 1_000_000) * 7 + i % 7)
        SimulatorFileOwners.register(id...id + 1, chatID: chatID)
        return id
    }

    private static func hostile(_ i: Int) -> [String: Any] {
        switch i % 8 {
        case 0: return SimulatorMedia.text("<script>alert('pwned')</script> hi neighbours")
        case 1: return SimulatorMedia.text("<img src=x onerror=alert(document.cookie)> free parking!")
        case 2: return SimulatorMedia.textURL("Click here for a prize 🎁", url: "javascript:alert(document.cookie)")
        case 3: return SimulatorMedia.text("\u{202E}gnp.exe  and العربية עברית mixed RTL text ‏⁧right-to-left⁩")
        case 4: return SimulatorMedia.text(String(repeating: "Long rant about the bins. ", count: 150))
        case 5: return SimulatorMedia.text("*not bold* _not italic_ [not a link](http://x) </div></body> &amp; &lt;")
        case 6: return SimulatorMedia.textURL("Real link to the council", url: "https://example.org/council?a=1&b=\"2\"")
        default: return SimulatorMedia.text("\u{1B}[31mterminal escape\u{1B}[0m and a bell\u{07}")
        }
    }

    static let familyLines = [
        "Dinner at 8?", "Who's picking up the kids today?", "Leaving work now 🚗", "Arrived 📍", "Don't forget Grandma's birthday 🎂",
        "Can someone buy milk?", "The plumber comes tomorrow at 10", "Love you all ❤️", "Running 10 minutes late", "Home!",
        "Photos from Sunday are in the album", "Is the car free on Saturday?",
    ]
    static let workLines = [
        "Standup in 5", "PR #482 is ready for review", "Deploy finished ✅", "Who has the release notes?", "Moving the sync to 3 pm",
        "Lunch in 10?", "Blocked on the API keys", "Tests are green again", "Out tomorrow, back Monday", "Ship it 🚀",
    ]
    static let bulkLines = [
        "Anyone up for the crag on Saturday?", "Rope's in my car", "Weather looks good", "New route at the gym: 6b+", "Who has the quickdraws?",
        "Meeting at the station at 8", "Chalk bag found in the van", "Great session today 💪",
    ]
    static let newsLines = [
        "Swift 6.3 released", "TDLib adds new chat folders", "A faster SQLite", "The state of server-side Swift", "Browsers ship a new CSS feature",
    ]
    static let privateLines = [
        "Hey! Are we still on for coffee?", "Yes, 4 pm at the usual place", "Perfect ☕", "Can you bring the book?", "Sure, see you there",
        "Running a bit late", "No worries", "I'm here", "On my way 🚶", "Thanks for today!", "Anytime 😊", "See you next week?",
    ]
}

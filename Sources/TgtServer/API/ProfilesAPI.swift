import Foundation
import OpenAPIRuntime
import TgtWire

/// Profiles and member lists (through `SessionChatAccess`; the rules are the Telegram layer's `ChatService+Profile`).
extension DashboardAPI {
    func getConversationProfile(_ input: Operations.GetConversationProfile.Input) async throws -> Operations.GetConversationProfile.Output {
        let service = try await telegram.chats()
        let profile = try await service.profile(chatID: input.path.chatId)
        return .ok(.init(body: .json(.init(success: true, data: ChatModels.profile(profile)))))
    }

    func listConversationMembers(_ input: Operations.ListConversationMembers.Input) async throws -> Operations.ListConversationMembers.Output {
        let limit = input.query.limit ?? 50
        let offset = input.query.offset ?? 0
        let service = try await telegram.chats()
        _ = try await chatSummary(input.path.chatId, service: service)
        let page = try await service.members(chatID: input.path.chatId, offset: offset, limit: limit)
        return .ok(.init(body: .json(.init(success: true, data: .init(
            members: page.members.map {
                .init(userId: $0.userID, name: $0.name, username: $0.username,
                      role: .init(rawValue: $0.role) ?? .member, status: $0.status)
            },
            totalCount: page.totalCount, nextOffset: page.nextOffset)))))
    }
}

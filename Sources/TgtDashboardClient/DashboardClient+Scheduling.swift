import Foundation
import TgtDomain
import TgtWire

/// Send later through a running dashboard (`tgt send --at/--in` while `tgt serve` holds the
/// session): its `ScheduleKeeper` schedules the message and the reply has each target's row.
extension DashboardClient {
    /// One target of a send the dashboard scheduled.
    public struct ScheduledReply: Sendable, Equatable {
        public var id: Int64
        public var title: String
        /// `SendLogEntry.Status`'s raw value.
        public var status: String
        public var scheduledFor: Date
        public var error: String?
    }

    /// Schedules a template on Telegram's servers through the dashboard.
    public func scheduleLater(templateID: UUID, variables: [String: String], location: Coordinate?, silent: Bool?,
                              at date: Date) async throws(DashboardClientError) -> [ScheduledReply]
    {
        try await call { client in
            let body = Components.Schemas.ScheduleInput(
                sendAt: date, location: location.map { .text($0.description) }, silent: silent,
                variables: .init(additionalProperties: variables))
            let reply = try await client.scheduleTemplate(path: .init(id: templateID.uuidString.lowercased()), body: .json(body)).ok.body.json.data
            return reply.scheduled.map {
                ScheduledReply(id: $0.id, title: $0.title, status: $0.status.rawValue, scheduledFor: $0.scheduledFor, error: $0.error)
            }
        }
    }
}

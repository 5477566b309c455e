import Foundation
import Hummingbird
import ServiceLifecycle
import TgtTelegram

/// `GET /api/events`: server-sent events for open pages (connection state, login steps,
/// send progress, template changes), with a heartbeat comment every 15 s so dead
/// connections are noticed. Streams end when the server shuts down.
enum EventsAPI {
    static func add(to api: RouterGroup<DashboardContext>, dashboard: Dashboard) {
        let events = dashboard.host.events
        api.get("events") { _, _ -> Response in
            let body = ResponseBody { writer in
                let (lines, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(256))
                let forward = Task {
                    for await sessionEvent in events.subscribe(replayingCurrent: false) {
                        let event = DashboardEvent(sessionEvent)
                        continuation.yield("event: \(event.name)\ndata: \(event.json)\n\n")
                    }
                    continuation.finish()
                }
                let heartbeat = Task {
                    while !Task.isCancelled {
                        try? await Task.sleep(nanoseconds: 15_000_000_000)
                        continuation.yield(": heartbeat\n\n")
                    }
                }
                await withGracefulShutdownHandler {
                    continuation.yield("retry: 3000\n\n")
                    for await line in lines {
                        do { try await writer.write(ByteBuffer(string: line)) } catch { break }
                    }
                } onGracefulShutdown: {
                    continuation.finish()
                }
                forward.cancel()
                heartbeat.cancel()
                try await writer.finish(nil)
            }
            return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"], body: body)
        }
    }
}

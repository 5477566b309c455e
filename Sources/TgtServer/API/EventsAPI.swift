import Foundation
import OpenAPIRuntime
import ServiceLifecycle
import TgtWire
import TgtApplication

/// `GET /api/events`: server-sent events for open pages (connection state, login steps,
/// send progress and chat changes from the session; template, timer, send log and reply
/// changes from the store, by any process), with a heartbeat comment every 15 s so dead
/// connections are noticed. Streams end when the server shuts down.
extension DashboardAPI {
    func streamEvents(_ input: Operations.StreamEvents.Input) async throws -> Operations.StreamEvents.Output {
        let events = telegram.events(replayingCurrent: false)
        let storeChanges = telegram.storeChanges()
        let (chunks, continuation) = AsyncStream<ArraySlice<UInt8>>.makeStream(bufferingPolicy: .bufferingNewest(256))
        func send(_ text: String) { continuation.yield(ArraySlice(text.utf8)) }
        send("retry: 3000\n\n")
        // Runs in the request's task tree (it inherits its task locals), so a graceful
        // shutdown of the server reaches it and ends the stream.
        let producer = Task {
            await withGracefulShutdownHandler {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        let chats = ChatEventCoalescer(clock: telegram.clock) { event in
                            continuation.yield(ArraySlice("event: \(event.name)\ndata: \(event.json)\n\n".utf8))
                        }
                        for await sessionEvent in events {
                            if case .chat(let change) = sessionEvent {
                                await chats.add(change)
                                continue
                            }
                            guard let event = DashboardEvent(sessionEvent) else { continue }
                            continuation.yield(ArraySlice("event: \(event.name)\ndata: \(event.json)\n\n".utf8))
                        }
                    }
                    group.addTask {
                        // Templates, timers, scheduled sends, the send log and replies: from
                        // the store, whoever changed them (this server, a `tgt` command, the app).
                        for await changes in storeChanges {
                            for event in DashboardEvent.events(for: changes) {
                                continuation.yield(ArraySlice("event: \(event.name)\ndata: \(event.json)\n\n".utf8))
                            }
                        }
                    }
                    group.addTask {
                        while !Task.isCancelled {
                            try? await Task.sleep(nanoseconds: 15_000_000_000)
                            continuation.yield(ArraySlice(": heartbeat\n\n".utf8))
                        }
                    }
                    await group.next()
                    group.cancelAll()
                }
                continuation.finish()
            } onGracefulShutdown: {
                continuation.finish()
            }
        }
        // The client went away: stop following the events.
        continuation.onTermination = { _ in producer.cancel() }
        return .ok(.init(body: .textEventStream(HTTPBody(chunks, length: .unknown, iterationBehavior: .single))))
    }
}

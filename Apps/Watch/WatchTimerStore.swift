import Foundation
import Observation
import TgtDomain
import TgtTimerSync
import WatchKit

/// The watch's timers: its replica of the phone's (kept in a file, tombstones included, so a
/// relaunch forgets no deletion), changed by the watch's buttons and by the phone's messages.
/// Every local change goes to the phone as a `SyncMessage` over `TimerSyncLink`.
@Observable @MainActor
final class WatchTimerStore {
    static let replicaID = ReplicaID("watch")

    private(set) var replica: TimerReplica
    private(set) var lastError: String?
    @ObservationIgnored private var link: TimerSyncLink?
    @ObservationIgnored private let file: URL

    init() {
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        file = support.appendingPathComponent("timer-sync.json")
        let records = (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode([UUID: TimerRecord].self, from: $0) } ?? [:]
        replica = TimerReplica(id: Self.replicaID, records: records)
        link = TimerSyncLink(receive: { [weak self] message in self?.receive(message) },
                             fullState: { [weak self] in self?.replica.fullState() ?? SyncMessage(sender: Self.replicaID, timers: [:]) })
    }

    var timers: [CountdownTimer] { replica.timers }

    func timer(id: UUID) -> CountdownTimer? { replica.timer(id: id) }

    /// A button: the control at this moment, as an absolute end date or what is left.
    func control(_ control: TimerControl, _ id: UUID) {
        do {
            send(try replica.control(control, id, at: Date()))
            WKInterfaceDevice.current().play(Self.haptic(control))
        } catch {
            lastError = error.message
        }
    }

    func toggleTodo(_ todoID: UUID, of id: UUID) {
        do {
            send(try replica.edit(id, at: Date()) { timer in
                if let index = timer.todos.firstIndex(where: { $0.id == todoID }) { timer.todos[index].done.toggle() }
            })
            WKInterfaceDevice.current().play(.click)
        } catch {
            lastError = error.message
        }
    }

    /// Completes the timers whose end has passed (at their true end), as the phone does.
    func settle() {
        send(replica.settle(at: Date()))
    }

    private func receive(_ message: SyncMessage) {
        if !replica.receive(message).isEmpty { save() }
        lastError = nil
    }

    private func send(_ message: SyncMessage?) {
        guard let message else { return }
        save()
        lastError = nil
        link?.send(message)
    }

    private func save() {
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONEncoder().encode(replica.records).write(to: file, options: [.atomic, .completeFileProtectionUntilFirstUserAuthentication])
        } catch {
            lastError = error.localizedDescription
        }
    }

    private static func haptic(_ control: TimerControl) -> WKHapticType {
        switch control {
        case .start, .resume: .start
        case .pause: .stop
        case .reset: .retry
        case .extend: .click
        }
    }
}

import Foundation
import TgtDomain
import TgtStore
import TgtTDLib
import TgtTelegram

/// The soak test (`tgt-bench soak [client cycles] [host cycles]`; not part of `all` or CI):
/// in one process, opens and closes a session on the real libtdjson 1,000 times, then starts
/// and shuts down the dashboard's `SessionHost` 200 times, and checks that threads, file
/// descriptors and resident memory come back to what they were after a warm-up.
enum SoakBench {
    static let warmUp = 20
    static let checkpointEvery = 100
    /// Threads and descriptors may end this many above the warm-up baseline: libdispatch and
    /// the Swift concurrency pool start and reap worker threads on demand, and a library may
    /// open a descriptor once, late, so a one-off rise of one or two is not a leak; a leak of
    /// one per cycle would show as hundreds.
    static let slack = 2
    /// Resident memory may grow at most this much from the warm-up baseline to a phase's end.
    /// Measured: 1.3–5.6 MiB over 1,000–3,000 client cycles, levelling off (glibc keeps what
    /// TDLib's threads freed; heaptrack finds ~0.25 KiB of live heap per cycle, in libtdjson).
    /// 8 MiB still catches a leak of 8.4 KiB per client cycle or 45 KiB per host cycle.
    static let rssBoundKiB = 8 * 1024

    static func run(_ arguments: [String]) async -> Int32 {
        let clientCycles = arguments.first.flatMap { Int($0) } ?? 1000
        let hostCycles = arguments.dropFirst().first.flatMap { Int($0) } ?? 200
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bench-soak-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        var phases: [SoakPhase] = []
        do {
            let library = try TDJSONLibrary.load()
            let credentials = try APICredentials(apiID: "12345", apiHash: "0123456789abcdef0123456789abcdef")
            func environment(_ name: String) throws -> TelegramEnvironment {
                let directory = DataDirectory(url: root.appendingPathComponent(name))
                let secrets = SecretStore(directory: directory, environment: [:])
                try secrets.saveCredentials(credentials)
                return TelegramEnvironment(directory: directory, backend: .tdlib(library), secrets: secrets)
            }
            let clients = try environment("client"), hosts = try environment("host")
            phases.append(await runPhase("client", cycles: clientCycles) { try await clientCycle(clients) })
            if phases[0].failure == nil {
                phases.append(await runPhase("session host", cycles: hostCycles) { try await hostCycle(hosts) })
            }
        } catch {
            phases.append(SoakPhase(name: "setup", failure: (error as? any UserFacingError)?.message ?? "\(error)"))
        }
        let broken = phases.flatMap { $0.brokenBounds() }
        var report = BenchReport()
        report.add("Soak: \(clientCycles) client cycles, \(hostCycles) session-host cycles (real libtdjson, offline)",
                   table(phases) + ["", broken.isEmpty
                       ? "**Verdict: held** — no failed cycle; threads and fds within +\(slack) of the warm-up baseline; RSS growth within \(rssBoundKiB / 1024) MiB."
                       : "**Verdict: FAILED** — " + broken.joined(separator: "; ")])
        report.print()
        return broken.isEmpty ? 0 : 1
    }

    /// One session the way `tgt` opens it (folder lock, credentials, key, TDLib parameters, first
    /// real state), then closed until TDLib reports authorizationStateClosed.
    static func clientCycle(_ environment: TelegramEnvironment) async throws {
        let open = try await environment.openSession(timeout: 30)
        let state = open.session.authorizationState
        await open.close()
        guard state == .waitPhoneNumber else { throw SoakFailure("TDLib started in \(String(describing: state)), not waitPhoneNumber") }
        guard open.session.client.isClosed, open.session.authorizationState == .closed else {
            throw SoakFailure("the client did not reach authorizationStateClosed")
        }
    }

    /// What `tgt serve` does with its session: open the store, take the folder with a
    /// `SessionHost`, start, see the login step, shut down.
    static func hostCycle(_ environment: TelegramEnvironment) async throws {
        let store = try AppDatabase.open(in: environment.directory, clock: SystemClock())
        let host = try SessionHost(environment: environment, store: store, clock: store.clock)
        let events = host.events.subscribe()
        await host.start()
        let session = await host.session
        let step = await firstLoginStep(events, timeout: 30)
        let startError = await host.lastStartError
        await host.shutdown()
        guard let session else { throw SoakFailure("SessionHost did not start TDLib: \(startError?.message ?? "no error")") }
        guard step == .phoneNumber else { throw SoakFailure("login step \(String(describing: step)), not phone_number") }
        guard session.client.isClosed, session.authorizationState == .closed else {
            throw SoakFailure("shutdown() left the client open")
        }
        guard SessionLock.holder(of: environment.directory) == nil else { throw SoakFailure("shutdown() kept the folder lock") }
    }

    /// The first login step (other than "starting") among the host's events, or nil after `timeout` s.
    static func firstLoginStep(_ events: AsyncStream<SessionEvent>, timeout: Double) async -> LoginStep? {
        let event = await Broadcast<SessionEvent>.first(of: events, timeout: timeout) { event in
            if case .login(let step) = event { return step != .starting }
            return false
        }
        guard case .login(let step)? = event else { return nil }
        return step
    }

    /// Runs `cycle` `cycles` times, sampling /proc/self at the start, after the warm-up, every
    /// `checkpointEvery` cycles and at the end. Stops at the first failed cycle.
    static func runPhase(_ name: String, cycles: Int, _ cycle: () async throws -> Void) async -> SoakPhase {
        var phase = SoakPhase(name: name)
        phase.checkpoints.append((0, await ProcessSample.settled()))
        for n in 1...max(cycles, 1) {
            do {
                phase.times.append(try await secondsAsync(cycle))
            } catch {
                phase.failure = "cycle \(n) failed: \((error as? any UserFacingError)?.message ?? "\(error)")"
                phase.checkpoints.append((n, await ProcessSample.settled()))
                return phase
            }
            if n == warmUp || n % checkpointEvery == 0 || n == cycles {
                let sample = await ProcessSample.settled()
                phase.checkpoints.append((n, sample))
                note("soak \(name): \(n)/\(cycles) cycles, \(sample.threads) threads, \(sample.fds) fds, \(sample.rssKiB) KiB RSS")
            }
        }
        return phase
    }

    static func table(_ phases: [SoakPhase]) -> [String] {
        var lines = ["| phase | after cycle | threads | open fds | RSS |", "|---|---:|---:|---:|---:|"]
        for phase in phases {
            for (cycle, s) in phase.checkpoints {
                let label = cycle == 0 ? "0 (start)" : cycle == phase.baselineCycle ? "\(cycle) (baseline)" : "\(cycle)"
                lines.append("| \(phase.name) | \(label) | \(s.threads) | \(s.fds) | \(mib(s.rssKiB)) |")
            }
        }
        lines += ["", "| phase | cycles | median / cycle | p95 / cycle | threads baseline → end | fds baseline → end | RSS growth (bound \(rssBoundKiB / 1024) MiB) |",
                  "|---|---:|---:|---:|---:|---:|---:|"]
        for phase in phases {
            guard let base = phase.baseline, let end = phase.checkpoints.last?.sample else {
                lines.append("| \(phase.name) | \(phase.times.count) | – | – | – | – | – |")
                continue
            }
            lines.append("| \(phase.name) | \(phase.times.count) | \(ms(median(phase.times))) | \(ms(percentile(phase.times, 0.95))) "
                + "| \(base.threads) → \(end.threads) | \(base.fds) → \(end.fds) | \(mib(end.rssKiB - base.rssKiB)) |")
        }
        return lines
    }

    static func mib(_ kib: Int) -> String { String(format: "%.1f MiB", Double(kib) / 1024) }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
    }
}

/// One phase of the soak: its /proc/self checkpoints, the wall time of each cycle, and the
/// first failure, if a cycle failed.
struct SoakPhase {
    let name: String
    var checkpoints: [(cycle: Int, sample: ProcessSample)] = []
    var times: [Double] = []
    var failure: String?

    /// The checkpoint after the warm-up (or the first one, for runs shorter than it).
    var baselineCycle: Int? { checkpoints.first { $0.cycle >= SoakBench.warmUp }?.cycle ?? checkpoints.first?.cycle }
    var baseline: ProcessSample? { checkpoints.first { $0.cycle == baselineCycle }?.sample }

    /// What went wrong in this phase, one clause per broken bound.
    func brokenBounds() -> [String] {
        var broken = failure.map { ["\(name): \($0)"] } ?? []
        guard let base = baseline, let end = checkpoints.last?.sample else { return broken }
        if end.threads > base.threads + SoakBench.slack { broken.append("\(name): threads \(base.threads) → \(end.threads) (bound +\(SoakBench.slack))") }
        if end.fds > base.fds + SoakBench.slack { broken.append("\(name): open fds \(base.fds) → \(end.fds) (bound +\(SoakBench.slack))") }
        if end.rssKiB - base.rssKiB > SoakBench.rssBoundKiB {
            broken.append("\(name): RSS grew \(SoakBench.mib(end.rssKiB - base.rssKiB)) (bound \(SoakBench.rssBoundKiB / 1024) MiB)")
        }
        return broken
    }
}

/// Threads, open file descriptors and resident memory of this process, from /proc/self.
struct ProcessSample {
    let threads: Int
    /// As listed in /proc/self/fd, the listing's own descriptor included (a constant).
    let fds: Int
    let rssKiB: Int

    /// Samples after a one-second pause, so threads that are winding down are gone (the receive
    /// loop leaves within its 0.2 s `td_receive` timeout once the last client has closed).
    static func settled() async -> ProcessSample {
        try? await Task.sleep(nanoseconds: 1_000_000_000)
        func count(_ path: String) -> Int { (try? FileManager.default.contentsOfDirectory(atPath: path).count) ?? -1 }
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let rss = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
            .flatMap { line in line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Int($0) } } ?? -1
        return ProcessSample(threads: count("/proc/self/task"), fds: count("/proc/self/fd"), rssKiB: rss)
    }
}

/// A soak cycle that did not do what it should.
struct SoakFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

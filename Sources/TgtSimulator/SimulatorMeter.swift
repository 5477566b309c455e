import Foundation

/// The CPU time the simulator's own code takes: parsing requests and everything it runs on its
/// queue (answers, updates, the server side). Benchmarks report it as a share of the process's
/// CPU time, so a figure that is the simulator's cost and not the product's is seen as such.
final class SimulatorMeter: @unchecked Sendable {
    // @unchecked: `nanoseconds` is guarded by `lock`.
    private let lock = NSLock()
    private var nanoseconds: UInt64 = 0

    /// Runs `body`, adding the CPU time of this thread it took.
    func measure<T>(_ body: () throws -> T) rethrows -> T {
        let start = Self.threadCPUNanoseconds()
        defer {
            let spent = Self.threadCPUNanoseconds() &- start
            lock.withLock { nanoseconds &+= spent }
        }
        return try body()
    }

    /// The CPU time measured so far.
    var seconds: Double { lock.withLock { Double(nanoseconds) / 1e9 } }

    /// This thread's CPU time.
    static func threadCPUNanoseconds() -> UInt64 {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// The whole process's CPU time (user and system), in seconds.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        let who = RUSAGE_SELF.rawValue
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

/// The simulator's serial queue, metered: every block it runs counts as the simulator's time.
struct MeteredQueue: Sendable {
    let queue: DispatchQueue
    let meter: SimulatorMeter

    init(label: String, meter: SimulatorMeter) {
        queue = DispatchQueue(label: label)
        self.meter = meter
    }

    func async(execute work: @escaping @Sendable () -> Void) {
        let meter = self.meter
        queue.async { meter.measure(work) }
    }

    func asyncAfter(deadline: DispatchTime, execute work: @escaping @Sendable () -> Void) {
        let meter = self.meter
        queue.asyncAfter(deadline: deadline) { meter.measure(work) }
    }
}

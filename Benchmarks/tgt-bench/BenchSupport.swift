import Foundation
import TgtSimulator
import TgtStore
import TgtTelegram
#if canImport(Glibc)
import Glibc
#endif

/// Collects result tables and prints them as Markdown.
struct BenchReport {
    var sections: [String] = []

    mutating func add(_ section: (String, [String])) { add(section.0, section.1) }

    mutating func add(_ title: String, _ lines: [String]) {
        sections.append("### \(title)\n\n" + lines.joined(separator: "\n"))
    }

    func print() {
        let header = "Measured \(ISO8601DateFormatter().string(from: Date())) on \(ProcessInfo.processInfo.activeProcessorCount) cores."
        FileHandle.standardOutput.write(Data((([header] + sections).joined(separator: "\n\n") + "\n").utf8))
    }
}

func note(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }

/// Seconds taken by `body`.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func secondsAsync(_ body: () async throws -> Void) async rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try await body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

func ms(_ s: Double) -> String { String(format: "%.1f ms", s * 1000) }
func ratio(_ x: Double) -> String { String(format: "%.2f×", x) }

/// Runs a command with stdout and stderr to /dev/null; returns wall time and the child's peak RSS (KiB).
func runMeasured(_ argv: [String], environment: [String: String]) -> (seconds: Double, maxRSSKiB: Int, status: Int32) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let cArgs = argv.map { strdup($0) } + [nil]
    let cEnv = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { cArgs.forEach { free($0) }; cEnv.forEach { free($0) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    guard posix_spawn(&pid, argv[0], &actions, nil, cArgs, cEnv) == 0 else { return (0, 0, -1) }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return (elapsed, Int(usage.ru_maxrss), (status >> 8) & 0xFF)
}

/// A store in `dir` and a session logged in to `simulator` there: where the scheduler
/// benchmarks start.
func loggedIn(_ simulator: TelegramSimulator, at dir: URL) async throws -> (environment: TelegramEnvironment, store: AppDatabase, open: OpenSession) {
    let directory = DataDirectory(url: dir)
    let environment = TelegramEnvironment(directory: directory, backend: .simulated(simulator))
    let store = try AppDatabase.open(in: directory, clock: simulator.clock)
    let open = try await environment.openSession()
    let flow = LoginFlow(session: open.session, timeout: 10)
    _ = try await flow.submitPhoneNumber(simulator.account.phoneNumber)
    _ = try await flow.submitCode(simulator.account.code)
    return (environment, store, open)
}

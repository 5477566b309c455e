import Foundation
import TgtSimulator
import TgtTelegram

/// For benchmarks: when `TGT_SIMULATOR_STATS` names a file, a demo `tgt serve` writes there, as it
/// stops, the CPU time the simulator took and the CPU time of the whole process, so a benchmark
/// can report how much of what it measured was the stand-in for Telegram and not TgTemplates.
enum SimulatorStats {
    static let variable = "TGT_SIMULATOR_STATS"

    static func writeIfAsked(for environment: TelegramEnvironment) {
        guard let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty,
              let simulator = environment.backend.transport as? TelegramSimulator
        else { return }
        let figures: [String: Double] = [
            "simulator_cpu_seconds": simulator.cpuSeconds,
            "process_cpu_seconds": TelegramSimulator.processCPUSeconds(),
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: figures, options: [.sortedKeys]) else { return }
        try? data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

import Foundation
import TgtSimulator
import TgtTelegram

/// For benchmarks: when `TGT_SIMULATOR_STATS` names a file, a demo process writes there, as it
/// stops, the CPU time the simulator took and the CPU time of the whole process, so a benchmark
/// can report how much of what it measured was the stand-in for Telegram and not TgTemplates.
public enum SimulatorStats {
    /// The environment variable naming the file.
    public static let variable = "TGT_SIMULATOR_STATS"

    private struct Figures: Encodable {
        var simulatorCPUSeconds: Double
        var processCPUSeconds: Double
        enum CodingKeys: String, CodingKey {
            case simulatorCPUSeconds = "simulator_cpu_seconds"
            case processCPUSeconds = "process_cpu_seconds"
        }
    }

    /// Writes the figures when asked and `session` runs on the simulator; does nothing else.
    public static func writeIfAsked(for session: LiveSession, processEnvironment: [String: String]) {
        guard let path = processEnvironment[variable], !path.isEmpty,
              let simulator = session.host.environment.backend.transport as? TelegramSimulator
        else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let figures = Figures(simulatorCPUSeconds: simulator.cpuSeconds, processCPUSeconds: TelegramSimulator.processCPUSeconds())
        guard let data = try? encoder.encode(figures) else { return }
        try? data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

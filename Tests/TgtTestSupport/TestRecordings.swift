import TgtSimulator

/// Real recordings for tests of what plays them.
public enum TestRecordings {
    /// One second of a 440 Hz tone (`SimulatorRecordings.tone`: opusenc, 51 packets of 20 ms,
    /// 48,312 samples with a pre-skip of 312).
    public static var opusVoiceNote: [UInt8] { SimulatorRecordings.tone }
}

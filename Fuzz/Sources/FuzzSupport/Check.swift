/// Invariant checks for the fuzz targets: a broken invariant prints what was expected and
/// traps, which libFuzzer reports as a crash and saves the input as a reproducer.
public func check(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
    guard !condition else { return }
    fatalError("fuzz invariant broken: \(message())", file: file, line: line)
}

/// The fuzzer's bytes as a string (invalid UTF-8 repaired, as any text reaching the app is).
public func text(_ data: UnsafePointer<UInt8>, _ size: Int) -> String {
    String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
}

/// `value` as Swift would write it in a string literal, for messages.
public func escaped(_ value: some StringProtocol) -> String {
    value.unicodeScalars.map { $0.escaped(asASCII: true) }.joined()
}


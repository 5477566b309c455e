/// One field's value with the stamp of its last write. Joining two keeps the later write, so
/// every replica that has seen the same writes holds the same value, whatever the order.
public struct Register<Value: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
    public var value: Value
    public var stamp: Stamp

    public init(_ value: Value, stamp: Stamp) {
        self.value = value
        self.stamp = stamp
    }

    /// The later of two writes (either may be missing). Two different values with one stamp
    /// cannot come from an honest replica (its clock never repeats); they are still ordered the
    /// same way everywhere, so the join stays commutative.
    static func join(_ a: Register?, _ b: Register?) -> Register? {
        guard let a else { return b }
        guard let b else { return a }
        if a.stamp != b.stamp { return a.stamp > b.stamp ? a : b }
        if a.value == b.value { return a }
        return String(reflecting: a.value) >= String(reflecting: b.value) ? a : b
    }
}

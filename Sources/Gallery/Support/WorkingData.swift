/// Working data a build leaves allocated on purpose (``BuildOptions/freesWorkingData``).
enum WorkingData {
    private final class Box<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Holds `value` until the process exits: it is never freed.
    static func keep<Value>(_ value: Value) {
        _ = Unmanaged.passRetained(Box(value))
    }
}

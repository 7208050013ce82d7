/// The context stack: the root value plus one frame per entered section.
struct Context {
    private var frames: [Value]

    init(_ root: Value) {
        frames = [root]
    }

    mutating func push(_ value: Value) {
        frames.append(value)
    }

    mutating func pop() {
        frames.removeLast()
    }

    /// Resolves a dotted name the spec's way: the first part is searched from
    /// the top of the stack down; the others only inside what it found, so a
    /// broken chain is a miss rather than a match further down.
    func lookup(_ name: Name) -> Value? {
        guard let first = name.parts.first else { return frames.last }
        var found: Value?
        for frame in frames.reversed() {
            if case .object(let object) = frame, let value = object[first] {
                found = value
                break
            }
        }
        guard var current = found else { return nil }
        for part in name.parts.dropFirst() {
            guard case .object(let object) = current, let next = object[part] else { return nil }
            current = next
        }
        return current
    }
}

/// A build's warnings: kept for the report and `--strict`, and passed on as
/// each happens, so a long build shows progress.
struct WarningLog {
    private(set) var warnings: [BuildWarning] = []
    private let forward: (BuildWarning) -> Void

    init(forwardingTo forward: @escaping (BuildWarning) -> Void) {
        self.forward = forward
    }

    mutating func add(_ warning: BuildWarning) {
        warnings.append(warning)
        forward(warning)
    }

    mutating func add(_ path: String, _ reason: BuildWarning.Reason) {
        add(BuildWarning(path: path, reason: reason))
    }

    var isEmpty: Bool { warnings.isEmpty }
}

import Foundation
@testable import Thumbnails

/// A lock-protected results table for the concurrency test.
final class Results: @unchecked Sendable {
    private var values: [[Rendition]?]
    private let lock = NSLock()
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: [Rendition]?) { lock.lock(); values[index] = value; lock.unlock() }
    func get(_ index: Int) -> [Rendition]? { lock.lock(); defer { lock.unlock() }; return values[index] }
}

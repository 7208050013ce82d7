import Foundation
import Testing
@testable import ImageHeaders

/// The file edge: opening, refusing non-regular files, error text with the path.
@Suite struct FileHeaderTests {
    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ImageHeadersTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func readsAFixtureFile() throws {
        let path = Fixtures.directory.appendingPathComponent("libavif/paris_exif_orientation_5.jpg").path
        let header = try ImageHeader.read(fileAt: path)
        #expect(header.storedSize == PixelSize(width: 403, height: 302))
        #expect(header.orientation == .leftMirrored)
        #expect(header.displaySize == PixelSize(width: 302, height: 403))
    }

    @Test func missingFile() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("nope.jpg").path
        let error = try #require(throws: FileHeaderError.self) { try ImageHeader.read(fileAt: path) }
        #expect(error.reason == .system(SystemCallError(call: "open", code: ENOENT)))
        #expect(error.description == "Could not read '\(path)': No such file or directory")
    }

    @Test func directoriesAndFIFOsAreNotRead() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("x.jpg").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in [directory.path, fifo] {
            // Must return at once: opening a FIFO without a writer would block.
            let error = try #require(throws: FileHeaderError.self) { try ImageHeader.read(fileAt: path) }
            #expect(error.reason == .notARegularFile)
            #expect(error.description == "Could not read '\(path)': not a regular file")
        }
    }

    @Test func headerErrorsCarryThePath() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cut.jpg").path
        let jpeg = JPEGBuilder().segment(0xE0, Array(repeating: 0, count: 1228)).frame(width: 100, height: 100).bytes
        try Data(jpeg.prefix(1240)).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: FileHeaderError.self) { try ImageHeader.read(fileAt: path) }
        #expect(error.reason == .header(HeaderError(offset: 1234, reason: .truncated("SOF0 segment"))))
        #expect(error.description == "Could not read '\(path)': truncated SOF0 segment at byte 1234")
    }

    @Test func fileSourceReadsRanges() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("bytes.bin")
        let content = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(content).write(to: url)
        let descriptor = open(url.path, O_RDONLY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        let source = FileByteSource(descriptor: descriptor)
        #expect(try source.bytes(at: 9_000, count: 4096) == Array(content[9_000...]))
        #expect(try source.bytes(at: 123, count: 5) == Array(content[123..<128]))
        #expect(try source.bytes(at: 10_000, count: 10) == [])
        #expect(try source.bytes(at: -5, count: 10) == [])
        #expect(throws: SystemCallError.self) { try FileByteSource(descriptor: -1).bytes(at: 0, count: 1) }
    }
}

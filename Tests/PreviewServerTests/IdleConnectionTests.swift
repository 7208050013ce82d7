import Foundation
import Glibc
import Synchronization
import Testing
@testable import PreviewServer

/// Idle connections cannot keep a page away (issue 28): at the cap the
/// oldest idle one is closed for a newcomer, near it idle heads get a short
/// deadline, and one address cannot hold more than its share. Loopback only;
/// every loop is bounded.
@Suite struct IdleConnectionTests {
    static func get(_ path: String) -> String { ServerSocketTests.get(path) }

    /// A bound, not a measurement: before the cap was reworked a page waited
    /// out the idle sockets' 5–10 s head deadline, so anything under it shows
    /// the page did not wait. The 1 s target is measured, unloaded, by
    /// `Benchmarks/serve/idle-connections.sh`; a test run shares two cores
    /// with every other suite and cannot hold a timing that tight.
    static let notHeldBack: Double = 4

    /// One fetch of `/` on a fresh connection: its status and how long it took.
    static func timedPage(port: Int) -> (status: Int, seconds: Double) {
        let start = Date()
        let status = (try? RawClient(port: port).request(get("/")).status) ?? 0
        return (status, Date().timeIntervalSince(start))
    }

    /// 200 sockets that connect and send nothing, at the real defaults: a
    /// page still comes at the first attempt, without waiting them out.
    @Test func twoHundredIdleConnectionsDoNotKeepAPageAway() throws {
        let site = try TestSite()
        defer { site.remove() }
        let server = try site.server { $0 = RequestLimits() }
        defer { server.stop() }
        let idle = try (0..<200).map { _ in try RawClient(port: server.port) }
        usleep(300_000)
        for _ in 0..<10 {
            let page = Self.timedPage(port: server.port)
            #expect(page.status == 200)
            #expect(page.seconds < Self.notHeldBack, "\(page.seconds) s")
        }
        #expect(server.activeConnections <= RequestLimits().maxConnectionsPerAddress + 1)
        withExtendedLifetime(idle) {}
    }

    /// The same while the idle sockets are renewed as fast as the server
    /// closes them, for three seconds.
    @Test func renewedIdleConnectionsDoNotKeepAPageAway() throws {
        let site = try TestSite()
        defer { site.remove() }
        let server = try site.server { $0 = RequestLimits() }
        defer { server.stop() }
        let attacker = IdleAttacker(port: server.port, count: 200)
        let thread = Thread { attacker.run(seconds: 4) }
        thread.start()
        defer { attacker.stop() }
        #expect(attacker.waitUntilHolding(seconds: 5))
        var pages = 0
        let end = Date().addingTimeInterval(3)
        while Date() < end {
            let page = Self.timedPage(port: server.port)
            #expect(page.status == 200)
            #expect(page.seconds < Self.notHeldBack, "\(page.seconds) s")
            pages += 1
            usleep(50_000)
        }
        #expect(pages >= 10)
        #expect(attacker.renewed.load(ordering: .relaxed) > 0, "the server closed none of the idle sockets")
    }

    /// At the cap the oldest idle connection is closed for a newcomer, who
    /// is served; the others stay.
    @Test func atTheCapTheOldestIdleIsClosedForANewcomer() throws {
        let site = try TestSite()
        defer { site.remove() }
        let server = try site.server { $0.maxConnections = 2; $0.idleTimeout = 5 }
        defer { server.stop() }
        let first = try RawClient(port: server.port)
        try waitFor { server.activeConnections == 1 }
        let second = try RawClient(port: server.port)
        try waitFor { server.activeConnections == 2 }
        #expect(try RawClient(port: server.port).request(Self.get("/style.css")).text == "body{}")
        #expect(first.isClosed(within: 1))
        #expect(!second.isClosed(within: 0.3))
        #expect(server.connectionsClosedForRoom == 1)
    }

    /// A request that arrived but was not read yet is closed last: the
    /// idle connection beside it goes instead. (Registry only, on socket
    /// pairs: as if no thread had run yet.)
    @Test func anArrivedRequestIsNotClosedForRoom() throws {
        var limits = RequestLimits()
        limits.maxConnections = 2
        let registry = ConnectionRegistry(limits: limits)
        let asking = try SocketPair(), silent = try SocketPair(), third = try SocketPair()
        _ = Array(Self.get("/").utf8).withUnsafeBytes { send(asking.client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        let address = PeerAddress(high: 0, low: 0x7f00_0001)
        guard case .admitted(_, let first) = registry.admit(asking.server, from: address, now: 1),
              case .admitted(_, let second) = registry.admit(silent.server, from: address, now: 2),
              case .admitted(_, let last) = registry.admit(third.server, from: address, now: 3) else {
            Issue.record("not admitted")
            return
        }
        #expect(silent.clientSeesEnd())
        #expect(!asking.clientSeesEnd())
        #expect(!second.answering(), "closed for room: nothing more is sent")
        // No idle connection left to close: refused.
        #expect(first.answering())
        #expect(last.answering())
        guard case .full = registry.admit(-1, from: address, now: 4) else {
            Issue.record("admitted with every connection busy")
            return
        }
        #expect(registry.count == 2)
    }

    /// When every connection held is busy answering, a newcomer gets 503.
    @Test func allBusyAnswers503() throws {
        let site = try TestSite()
        defer { site.remove() }
        let big = site.root.appendingPathComponent("big.bin")
        #expect(truncate(big.path, 0) == 0 || FileManager.default.createFile(atPath: big.path, contents: nil))
        #expect(truncate(big.path, 64 * 1024 * 1024) == 0)
        let files = ServedFiles(root: site.root.path)
        try files.publish(PublishedSet(["big.bin", "style.css"]))
        var limits = RequestLimits()
        limits.maxConnections = 2
        limits.writeTimeout = 3
        let server = try PreviewHTTPServer(ServerConfiguration(port: 0, limits: limits), files: files)
        server.start()
        defer { server.stop() }
        // Two clients that ask for 64 MB and read none of it.
        let slow = try (0..<2).map { _ in try RawClient(port: server.port, receiveBuffer: 4096) }
        for client in slow { client.send(Self.get("/big.bin")) }
        usleep(500_000)
        #expect(try RawClient(port: server.port).response().status == 503)
        withExtendedLifetime(slow) {}
    }

    /// Near the cap, idle connections get the short head deadline; far from
    /// it they keep the idle time.
    @Test func nearTheCapIdleHeadsGetTheShortDeadline() throws {
        let site = try TestSite()
        defer { site.remove() }
        let crowded = try site.server { $0.maxConnections = 4; $0.idleTimeout = 10; $0.busyHeadTimeout = 0.5 }
        defer { crowded.stop() }
        let start = Date()
        let idle = try (0..<3).map { _ in try RawClient(port: crowded.port) }
        for client in idle { #expect(client.isClosed(within: 2)) }
        // Closed on the 0.5 s deadline, not the 10 s idle time.
        #expect(Date().timeIntervalSince(start) < 5)

        let roomy = try site.server { $0.maxConnections = 100; $0.idleTimeout = 10; $0.busyHeadTimeout = 0.5 }
        defer { roomy.stop() }
        let alone = try RawClient(port: roomy.port)
        #expect(!alone.isClosed(within: 1.2))
    }

    /// One address at its limit loses its own oldest idle connection; an
    /// idle connection from another address stays.
    @Test func perAddressLimitClosesThatAddressesOldest() throws {
        let site = try TestSite()
        defer { site.remove() }
        let server = try site.server { $0.maxConnectionsPerAddress = 3; $0.maxConnections = 100; $0.idleTimeout = 5 }
        defer { server.stop() }
        let other = try RawClient(port: server.port, from: "127.0.0.2")
        try waitFor { server.activeConnections == 1 }
        var clients: [RawClient] = []
        for count in 1...4 {
            clients.append(try RawClient(port: server.port, from: "127.0.0.1"))
            try waitFor { server.activeConnections == min(count, 3) + 1 }
        }
        #expect(clients[0].isClosed(within: 1))
        #expect(!other.isClosed(within: 0.3))
        #expect(!clients[3].isClosed(within: 0.1))
    }

    /// A slot is closed only while idle; once closed it never answers.
    @Test func slotsCloseOnlyWhenIdle() {
        let slot = ConnectionSlot(idleSince: 10)
        #expect(slot.idleSince == 10)
        #expect(slot.answering())
        #expect(slot.idleSince == nil)
        #expect(!slot.close())
        slot.waiting(now: 20)
        #expect(slot.idleSince == 20)
        #expect(slot.close())
        #expect(!slot.answering())
        slot.waiting(now: 30)
        #expect(slot.idleSince == nil)
    }

    /// Idle connections oldest first, of one address or any. Pure.
    @Test func evictionOrder() {
        let a = PeerAddress(high: 0, low: 1), b = PeerAddress(high: 0, low: 2)
        let busy = ConnectionSlot(idleSince: 3)
        #expect(busy.answering())
        let entries: [UInt64: ConnectionRegistry.Entry] = [
            1: .init(fd: 10, address: a, slot: ConnectionSlot(idleSince: 5)), 2: .init(fd: 11, address: b, slot: ConnectionSlot(idleSince: 1)),
            3: .init(fd: 12, address: a, slot: busy), 4: .init(fd: 13, address: a, slot: ConnectionSlot(idleSince: 2)),
        ]
        #expect(ConnectionRegistry.evictionOrder(entries, from: nil) == [2, 4, 1])
        #expect(ConnectionRegistry.evictionOrder(entries, from: a) == [4, 1])
    }

    /// IPv4-mapped IPv6 counts as IPv4; IPv6 counts by /64.
    @Test func peerAddresses() {
        let mapped = PeerAddress(ipv6: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 127, 0, 0, 1])
        #expect(mapped == PeerAddress(high: 0, low: 0x7f00_0001))
        let one = PeerAddress(ipv6: [0x20, 1, 0xd, 0xb8, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 1])
        let two = PeerAddress(ipv6: [0x20, 1, 0xd, 0xb8, 0, 0, 0, 1] + [9, 9, 9, 9, 9, 9, 9, 9])
        let elsewhere = PeerAddress(ipv6: [0x20, 1, 0xd, 0xb8, 0, 0, 0, 2] + [0, 0, 0, 0, 0, 0, 0, 1])
        #expect(one == two)
        #expect(one != elsewhere)
    }

    private func waitFor(_ condition: () -> Bool) throws {
        let end = Date().addingTimeInterval(2)
        while !condition(), Date() < end { usleep(10_000) }
        try #require(condition())
    }
}

/// Holds `count` idle loopback sockets and opens a new one for each the
/// server closes, until told to stop or its time is up.
final class IdleAttacker: Sendable {
    let port: Int
    let count: Int
    let renewed = Atomic<Int>(0)
    private let holding = Atomic<Bool>(false)
    private let stopping = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    init(port: Int, count: Int) {
        self.port = port
        self.count = count
    }

    func run(seconds: Double) {
        defer { finished.signal() }
        let end = Date().addingTimeInterval(seconds)
        var sockets = (0..<count).compactMap { _ in try? RawClient(port: port) }
        holding.store(true, ordering: .relaxed)
        while !stopping.load(ordering: .relaxed), Date() < end {
            var entries = sockets.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            guard poll(&entries, nfds_t(entries.count), 20) >= 0 else { continue }
            for index in entries.indices.reversed() where entries[index].revents != 0 {
                var chunk = [UInt8](repeating: 0, count: 4096)
                if recv(entries[index].fd, &chunk, chunk.count, Int32(MSG_DONTWAIT)) > 0 { continue }
                sockets.remove(at: index)
                if let fresh = try? RawClient(port: port) {
                    sockets.append(fresh)
                    renewed.add(1, ordering: .relaxed)
                }
            }
        }
    }

    func waitUntilHolding(seconds: Double) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while !holding.load(ordering: .relaxed), Date() < end { usleep(10_000) }
        return holding.load(ordering: .relaxed)
    }

    /// Ends the run and waits for it (at most 10 s).
    func stop() {
        stopping.store(true, ordering: .relaxed)
        _ = finished.wait(timeout: .now() + 10)
    }
}

/// Two connected sockets: `server` for the registry, `client` for the test.
final class SocketPair {
    let server: Int32
    let client: Int32

    init() throws {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else { throw POSIXError(.EMFILE) }
        server = fds[0]
        client = fds[1]
    }

    deinit {
        close(server)
        close(client)
    }

    /// Whether the client end reads the end of the stream within 0.5 s.
    func clientSeesEnd() -> Bool {
        var entry = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 500) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(client, &byte, 1, Int32(MSG_DONTWAIT)) == 0
    }
}

import ArgumentParser
import Foundation
import Gallery
import PreviewServer

/// `cascade serve [ALBUM] [--port N] [--host ADDRESS] [build options]`
struct ServeCommand: CascadeCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "build, serve locally and rebuild on every change",
        usage: BuildArguments.usage("serve", own: ["[--port 8000]", "[--host 127.0.0.1]"]),
        discussion: """
        Builds ALBUM into DIR exactly as 'cascade build' does, serves DIR at http://127.0.0.1:8000/ and \
        watches the album, its album.json files, sidecars and the theme: every change rebuilds (only what \
        changed) and open pages reload. Only the files a good build lists in its manifest are served, \
        nothing else of DIR. A failed rebuild is shown in the terminal and over the page, and the last good \
        site stays served; while no build has succeeded, every page shows the error and reloads once the \
        album is fixed.

        \(BuildArguments.help("serve"))

        ALBUM/cascade.json sets these as for build ("serve": {"port": 8080, "host": "127.0.0.1"} for \
        --port and --host); it is read once, when serve starts. Prints the address on standard output. \
        Ctrl-C stops it.
        """)

    @OptionGroup var arguments: BuildArguments

    @Option(name: [.short, .long], parsing: .unconditional, help: ArgumentHelp(
        "the port (default 8000; 0 picks a free one, and the printed address names it)", valueName: "N"))
    var port: String?

    @Option(help: ArgumentHelp("""
        where to listen (default 127.0.0.1, this machine only); anything wider is reachable from the network
        """, valueName: "ADDRESS"))
    var host: String?

    func execute() throws -> Outcome {
        var (album, flags) = try arguments.read(command: "serve", otherNames: ["--port", "-p", "--host"])
        flags.host = host
        flags.port = try port.map { text throws(OptionProblem) in try BuildSettings.port(text) }
        let (options, settings) = try BuildOptions.of(album: album, flags: flags)
        let host = settings.host ?? "127.0.0.1", port = settings.port ?? 8000
        let output = settings.output ?? "_site"
        // Only what a good build lists in its manifest is ever served; until
        // one succeeds, every request gets the failure page (and no folder is
        // made for a build that failed).
        let files = ServedFiles(root: options.output.path)
        let rebuilder = ServeRebuilder(options: options, files: files)
        let firstBuild = rebuilder.build(first: true)
        if !ServerConfiguration.isLoopback(host) {
            Console.error("cascade: warning: listening on \(host): anyone who can reach this machine can see the site")
        }
        let server = try PreviewHTTPServer(ServerConfiguration(host: host, port: port), files: files)
        rebuilder.hub = server.hub
        if let failure = firstBuild { server.hub.buildFailed(failure) }
        let watcher = try Watcher(roots: [options.album.path, options.templates.path], excluding: [options.output.path]) {
            rebuilder.rebuild()
        }

        if watcher.unwatchedCount > 0 {
            Console.error("cascade: warning: \(watcher.unwatchedCount) folder(s) cannot be watched for changes "
                + "(the system's inotify limit; raise fs.inotify.max_user_watches)")
        }

        // Ctrl-C and SIGTERM end the wait below instead of the process, so
        // the sockets are closed and the status is 0.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let stop = DispatchSemaphore(value: 0)
        let sources = [SIGINT, SIGTERM].map { DispatchSource.makeSignalSource(signal: $0, queue: .global()) }
        for source in sources {
            source.setEventHandler { stop.signal() }
            source.resume()
        }
        server.start()
        watcher.start()
        if firstBuild == nil {
            Console.error("cascade: serving \(output) at \(server.url) (Ctrl-C stops)")
        } else {
            Console.error("cascade: serving the build's error at \(server.url) until a build succeeds (Ctrl-C stops)")
        }
        Console.writeOutput(Array((server.url + "\n").utf8))
        // The sources must outlive the wait: an optimised build would release
        // them after their last use above, and the signals would go unheard.
        withExtendedLifetime(sources) { stop.wait() }
        watcher.stop()
        server.stop()
        Console.error("cascade: stopped serving")
        return .success
    }
}

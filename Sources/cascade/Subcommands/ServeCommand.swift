import Foundation
import Gallery
import PreviewServer

/// `cascade serve [ALBUM] [--port N] [--host ADDRESS] [build options]`
struct ServeCommand: Subcommand {
    static let name = "serve"
    static let summary = "build, serve the site on this machine and rebuild on every change"
    static let usage = ["serve [ALBUM] [--port 8000] [--host 127.0.0.1] [--output DIR] [--templates DIR] [build options]"]
    static let help = """
    serve     Builds ALBUM into DIR exactly as 'cascade build' does, serves DIR
              at http://127.0.0.1:8000/ and watches the album, its album.json
              files, sidecars and the theme: every change rebuilds (only what
              changed) and open pages reload. Only the files a good build
              lists in its manifest are served, nothing else of DIR. A failed
              rebuild is shown in the terminal and over the page, and the
              last good site stays served; while no build has succeeded,
              every page shows the error and reloads once the album is fixed.
      -p, --port N          the port (default 8000; 0 picks a free one, and the
                            printed address names it)
      --host ADDRESS        where to listen (default 127.0.0.1, this machine
                            only); anything wider is reachable from the network
    \(BuildFlags.help)
    ALBUM/cascade.json sets these as for build ("serve": {"port": 8080, "host":
    "127.0.0.1"} for the two above); it is read once, when serve starts.
    Prints the address on standard output. Ctrl-C stops it.
    """
    static let options: [OptionSpec] = BuildFlags.options + [
        .value("--port", "-p", called: "port number"),
        .value("--host", called: "address"),
    ]

    var album = "."
    /// What the command line set; laid over cascade.json when run.
    var flags: BuildSettings

    init(arguments: [String]) throws(UsageError) {
        let parsed = try ParsedArguments(arguments, options: Self.options, command: Self.name)
        guard parsed.positionals.count <= 1 else {
            throw UsageError(message: "unexpected argument '\(parsed.positionals[1])'; serve takes one album folder")
        }
        album = parsed.positionals.first ?? "."
        flags = try BuildFlags.settings(from: parsed)
        flags.host = parsed.values["--host"]
        if let text = parsed.values["--port"] {
            guard let number = Int(text), BuildSettings.portRange.contains(number) else {
                throw UsageError(message: "--port needs a number from 0 to 65535, not '\(text)'")
            }
            flags.port = number
        }
    }

    func run() throws -> Outcome {
        let settings = try BuildFlags.merged(album: album, flags: flags)
        let options = try BuildFlags.buildOptions(album: album, settings: settings)
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

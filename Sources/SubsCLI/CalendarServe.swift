import ArgumentParser
import Foundation
import SubsCore
import SubsFeedServer
import SubsStore

extension SubsCommand.Calendar {
    struct CalendarServe: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Serve the feed over HTTP for calendar apps that subscribe by URL.",
            discussion: """
                Prints the http:// and webcal:// URLs to paste into the app. The path carries a random token, \
                created once and kept in $XDG_CONFIG_HOME/subs/subs.conf; only it works when binding beyond \
                this machine. The feed is built afresh for each request, with ETag and Last-Modified, so apps \
                re-download it only when it changed. Cloud calendars (Google) fetch from their own servers and \
                cannot reach this machine: use 'subs calendar publish' to a CalDAV server instead.
                """)

        @OptionGroup var global: GlobalOptions
        @Option(help: ArgumentHelp("Address to listen on: 127.0.0.1 (this machine only), ::1, or a LAN address.", valueName: "address"))
        var bind = "127.0.0.1"
        @Option(help: ArgumentHelp("TCP port (0 picks a free one).", valueName: "port")) var port = 8465
        @Option(help: ArgumentHelp("Seconds a client has to send its request.", valueName: "seconds")) var timeout = 5.0

        func run() throws {
            let ctx = try Context(global)
            guard (0...65535).contains(port) else { throw SubsError.usage("--port \(port) is not a TCP port; give 1-65535") }
            guard timeout > 0 && timeout <= 300 else { throw SubsError.usage("--timeout \(timeout) must be between 0 and 300 seconds") }
            var limits = FeedServer.Limits()
            limits.timeout = timeout
            let config = ConfigFile.user(ctx.environment)
            var token = try config.values()["serve_token"] ?? ""
            if token.count < 16 {
                var g = SystemRandomNumberGenerator()
                token = (0..<4).map { _ in String(g.next() as UInt64, radix: 16) }.joined()
                try config.set("serve_token", token)
            }
            let secret = token
            let loopback = CalendarServe.isLoopback(bind)
            let endpoint = FeedEndpoint(token: token, allowTokenless: loopback)
            let feed = ServedFeed(store: try ctx.openStore(), pinnedToday: ctx.environment["SUBS_TODAY"].flatMap { $0.isEmpty ? nil : ctx.today } ?? global.asOf.map { _ in ctx.today })
            let server = try FeedServer(host: bind, port: port, limits: limits, log: { line in
                Output.note(line.replacingOccurrences(of: secret, with: "<token>"))
            }) { request in
                endpoint.respond(to: request) { try feed.current() }
            }
            let host = bind.contains(":") ? "[\(bind)]" : bind
            let address = "\(host):\(server.port)\(endpoint.tokenPath)"
            // Written at once (not buffered): scripts and tests read the URL while the server runs.
            FileHandle.standardOutput.write(Data("http://\(address)\nwebcal://\(address)\n".utf8))
            Output.note("Serving the calendar feed; paste one of these URLs into your calendar app. Ctrl-C stops.")
            if !loopback { Output.note("Listening beyond this machine: anyone with the URL can read the feed.") }
            server.run()
        }

        static func isLoopback(_ host: String) -> Bool {
            host == "localhost" || host == "::1" || host.hasPrefix("127.")
        }
    }
}

/// The feed as served: rebuilt per request from the database (today moves on in a long-running server);
/// Last-Modified is when this content was first served, so it only moves when the feed changes.
final class ServedFeed: @unchecked Sendable {
    private let lock = NSLock()
    private let store: SQLiteStore
    private let pinnedToday: LocalDate?
    private var last: FeedVersion?

    init(store: SQLiteStore, pinnedToday: LocalDate?) {
        self.store = store
        self.pinnedToday = pinnedToday
    }

    func current() throws -> FeedVersion {
        lock.lock()
        defer { lock.unlock() }
        let body = Data(try CalendarFeedFile.text(store, today: pinnedToday ?? Context.systemToday()).text.utf8)
        if let last, last.body == body { return last }
        let version = FeedVersion(body: body, lastModified: Int(Date().timeIntervalSince1970))
        last = version
        return version
    }
}

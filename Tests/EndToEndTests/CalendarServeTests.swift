import Foundation
import SubsCore
import Testing
import TestSupport

/// `subs calendar serve` on 127.0.0.1, talked to with curl (a real HTTP client).
@Suite struct CalendarServeTests {
    /// A running `subs calendar serve`; stopped (by its pid) when released.
    final class Server {
        let process = Process()
        let url: String

        init(_ runner: SubsRunner, _ extra: [String] = []) throws {
            process.executableURL = SubsRunner.binary
            process.arguments = ["calendar", "serve", "--port", "0"] + extra
            process.environment = runner.environment
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            var text = ""
            let deadline = Date().addingTimeInterval(10)
            while !text.contains("\n") && Date() < deadline {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            url = String(text.prefix { $0 != "\n" })
        }

        deinit {
            process.terminate()
            process.waitUntilExit()
        }
    }

    static func curl(_ args: String) throws -> (status: Int, headers: [String: String], body: String) {
        let r = try SubsRunner.shell("curl -s -i --max-time 10 \(args)")
        let parts = r.stdout.components(separatedBy: "\r\n\r\n")
        let headLines = parts[0].components(separatedBy: "\r\n")
        let status = Int(headLines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in headLines.dropFirst() {
            if let colon = line.firstIndex(of: ":") {
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return (status, headers, parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    @Test func servesTheFeedWithValidatorsAndAnswersConditionalRequests() throws {
        let runner = try SubsRunner()
        #expect(try runner.run(["add", "Netflix", "--amount", "15.99 EUR", "--next", "2026-01-31"]).status == 0)
        let server = try Server(runner)
        #expect(server.url.hasPrefix("http://127.0.0.1:"))
        #expect(server.url.hasSuffix("/subs.ics"))

        let first = try Self.curl("'\(server.url)'")
        #expect(first.status == 200)
        #expect(first.headers["content-type"] == "text/calendar; charset=utf-8")
        #expect(first.body.hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(first.body.contains("SUMMARY:Netflix · 15.99 EUR"))
        let etag = try #require(first.headers["etag"])
        let lastModified = try #require(first.headers["last-modified"])

        let head = try Self.curl("-I '\(server.url)'")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["etag"] == etag)

        #expect(try Self.curl("-H 'If-None-Match: \(etag)' '\(server.url)'").status == 304)
        #expect(try Self.curl("-H 'If-Modified-Since: \(lastModified)' '\(server.url)'").status == 304)
        #expect(try Self.curl("-H 'If-None-Match: \"other\"' '\(server.url)'").status == 200)

        // A change in the data is a new feed: a new ETag, so the app downloads it again.
        #expect(try runner.run(["edit", "Netflix", "--amount", "17.99", "--from", "2026-01-01"]).status == 0)
        let changed = try Self.curl("-H 'If-None-Match: \(etag)' '\(server.url)'")
        #expect(changed.status == 200)
        #expect(changed.headers["etag"] != etag)
        #expect(changed.body.contains("SUMMARY:Netflix · 17.99 EUR"))

        // The token is created once and kept (mode 0600); the same URL works after a restart.
        let config = runner.home.path + "/.config/subs/subs.conf"
        let mode = try FileManager.default.attributesOfItem(atPath: config)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let token = server.url.split(separator: "/")[2]
        #expect(token.count >= 32)
        let again = try Server(runner)
        #expect(again.url.split(separator: "/")[2] == token)
    }

    @Test func refusesWrongTokensMethodsAndOversizedOrSlowRequests() throws {
        let runner = try SubsRunner()
        let server = try Server(runner, ["--timeout", "0.5"])
        let base = server.url.components(separatedBy: "/").prefix(3).joined(separator: "/")
        #expect(try Self.curl("'\(base)/0123456789abcdef0123456789abcdef/subs.ics'").status == 404)
        #expect(try Self.curl("'\(base)/'").status == 404)
        #expect(try Self.curl("'\(base)/etc/passwd'").status == 404)
        // On loopback the short path works too.
        #expect(try Self.curl("'\(base)/subs.ics'").status == 200)
        let post = try Self.curl("-X POST '\(server.url)'")
        #expect(post.status == 405)
        #expect(post.headers["allow"] == "GET, HEAD")
        #expect(try Self.curl("-X DELETE '\(server.url)'").status == 405)
        #expect(try Self.curl("-X PUT --data-binary @/dev/null '\(server.url)'").status == 405)
        #expect(try Self.curl("-H 'X-Big: \(String(repeating: "a", count: 9000))' '\(server.url)'").status == 431)
        #expect(try Self.curl("-X POST -H 'Expect:' --data-binary 'hello' '\(server.url)'").status == 413)
        // A client that sends half a request is cut off after the timeout with 408.
        let slow = try SubsRunner.shell("""
            python3 -c "
            import socket, sys
            host, port = sys.argv[1], int(sys.argv[2])
            s = socket.create_connection((host, port)); s.sendall(b'GET / HTTP/1.1\\r\\n'); s.settimeout(5)
            print(s.recv(100).split(b'\\r\\n')[0].decode())" 127.0.0.1 \(base.split(separator: ":").last!)
            """)
        #expect(slow.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "HTTP/1.1 408 Request Timeout", "\(slow.stderr)")
        // Still serving after all that.
        #expect(try Self.curl("'\(server.url)'").status == 200)
    }

    @Test func aPortInUseIsAOneLineError() throws {
        let runner = try SubsRunner()
        let server = try Server(runner)
        let port = server.url.split(separator: ":")[2].prefix { $0.isNumber }
        let r = try runner.run(["calendar", "serve", "--port", String(port)])
        #expect(r.status == 69)
        #expect(r.stderr == "subs: port \(port) on 127.0.0.1 is in use; choose another with --port\n")
    }
}

import Foundation
import SubsCore
import SubsFeedServer
import SubsHTTP
import Testing

/// The libcurl client against a real server on 127.0.0.1 (SubsFeedServer, started here), and its errors.
@Suite struct HTTPClientTests {
    /// A loopback server that echoes what it got, or sleeps when asked for /slow.
    static let server: FeedServer = {
        let s = try! FeedServer(host: "127.0.0.1", port: 0) { r in
            if r.path == "/slow" { Thread.sleep(forTimeInterval: 2) }
            let auth = r.headers["authorization"] ?? "none"
            return ServedResponse(status: r.path == "/missing" ? 404 : 200, headers: [("X-Method", r.method), ("X-Auth", auth)], body: Data("hello \(r.target)".utf8))
        }
        Thread.detachNewThread { s.run() }
        return s
    }()

    var base: String { "http://127.0.0.1:\(Self.server.port)" }

    @Test func getsStatusHeadersAndBody() throws {
        let r = try HTTPClient().send(HTTPRequest(url: base + "/x?y=1", headers: [("Accept", "text/plain")], timeout: 5, basicAuth: ("alice", "secret")))
        #expect(r.status == 200)
        #expect(String(decoding: r.body, as: UTF8.self) == "hello /x?y=1")
        #expect(r.header("x-method") == "GET")
        #expect(r.header("X-Auth") == "Basic " + Data("alice:secret".utf8).base64EncodedString())
        #expect(try HTTPClient().send(HTTPRequest(method: "HEAD", url: base + "/x", timeout: 5)).body.isEmpty)
        #expect(try HTTPClient().send(HTTPRequest(url: base + "/missing", timeout: 5)).status == 404)
    }

    @Test func timeoutsRefusalsAndUnknownHostsAreOneLineErrors() throws {
        let started = Date()
        #expect(throws: SubsError(.unavailable, "\(base)/slow did not answer within 0.5 s; check the server or try again")) {
            try HTTPClient().send(HTTPRequest(url: base + "/slow", timeout: 0.5))
        }
        #expect(Date().timeIntervalSince(started) < 1.8)
        #expect(throws: SubsError(.unavailable, "cannot connect to http://127.0.0.1:9/: connection refused (is the server running?)")) {
            try HTTPClient().send(HTTPRequest(url: "http://alice:secret@127.0.0.1:9/", timeout: 5))
        }
        #expect(throws: SubsError(.unavailable, "cannot find the host of http://no-such-host.invalid/: no such name in DNS; check the URL")) {
            try HTTPClient().send(HTTPRequest(url: "http://no-such-host.invalid/", timeout: 5))
        }
        #expect(throws: SubsError(.usage, "'file:///etc/passwd' is not an http:// or https:// URL")) {
            try HTTPClient().send(HTTPRequest(url: "file:///etc/passwd", timeout: 5))
        }
    }

    @Test func redactsCredentialsInURLs() {
        #expect(HTTPRequest.redacted("https://u:p@host/x@y") == "https://host/x@y")
        #expect(HTTPRequest.redacted("https://host/x@y") == "https://host/x@y")
    }
}

import Foundation

/// A request as the feed server hands it over: method, target, headers (names in lower case).
public struct ServedRequest: Sendable {
    public var method: String
    public var target: String
    public var headers: [String: String]

    public init(method: String, target: String, headers: [String: String]) {
        self.method = method
        self.target = target
        self.headers = headers
    }

    public var path: String { String(target.prefix { $0 != "?" && $0 != "#" }) }
}

public struct ServedResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: Data

    public init(status: Int, headers: [(String, String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public func header(_ name: String) -> String? { headers.last { $0.0.lowercased() == name.lowercased() }?.1 }

    public static func == (a: ServedResponse, b: ServedResponse) -> Bool {
        a.status == b.status && a.body == b.body && a.headers.map { "\($0.0): \($0.1)" } == b.headers.map { "\($0.0): \($0.1)" }
    }

    public static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }

    /// A short plain-text answer for errors.
    public static func text(_ status: Int, _ message: String, headers: [(String, String)] = []) -> ServedResponse {
        ServedResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + headers, body: Data((message + "\n").utf8))
    }
}

/// One version of the feed: its bytes, a strong ETag and when this content was first served.
public struct FeedVersion: Sendable {
    public var body: Data
    public var etag: String
    /// Seconds since 1970 (whole seconds: HTTP dates have no fractions).
    public var lastModified: Int

    public init(body: Data, lastModified: Int) {
        self.body = body
        etag = "\"\(fnv1a64Hex(body))\""
        self.lastModified = lastModified
    }
}

/// What the feed server answers, decided without any I/O: the feed at `/<token>/subs.ics` (and at `/subs.ics`
/// when serving only to this machine), GET and HEAD only, conditional requests answered with 304.
public struct FeedEndpoint: Sendable {
    public static let fileName = "subs.ics"
    public var token: String
    /// Serve `/subs.ics` without the token too (only when bound to a loopback address).
    public var allowTokenless: Bool

    public init(token: String, allowTokenless: Bool) {
        self.token = token
        self.allowTokenless = allowTokenless
    }

    public var tokenPath: String { "/\(token)/\(FeedEndpoint.fileName)" }

    /// Is this the feed's path? Compares the token in constant time.
    public func isFeedPath(_ path: String) -> Bool {
        if allowTokenless && path == "/\(FeedEndpoint.fileName)" { return true }
        let a = Array(path.utf8), b = Array(tokenPath.utf8)
        guard a.count == b.count else { return false }
        var diff: UInt8 = 0
        for i in 0..<a.count { diff |= a[i] ^ b[i] }
        return diff == 0
    }

    public func respond(to request: ServedRequest, feed: () throws -> FeedVersion) -> ServedResponse {
        guard isFeedPath(request.path) else { return .text(404, "Not found") }
        guard request.method == "GET" || request.method == "HEAD" else {
            return .text(405, "Only GET and HEAD", headers: [("Allow", "GET, HEAD")])
        }
        let version: FeedVersion
        do { version = try feed() } catch {
            return .text(500, "The feed could not be built; see the server's messages")
        }
        let validators = [("ETag", version.etag), ("Last-Modified", HTTPDate.format(version.lastModified)), ("Cache-Control", "no-cache")]
        // If-None-Match wins over If-Modified-Since (RFC 9110 13.2.2).
        if let inm = request.headers["if-none-match"] {
            let tags = inm.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if tags.contains("*") || tags.contains(where: { $0 == version.etag || $0 == "W/" + version.etag }) {
                return ServedResponse(status: 304, headers: validators)
            }
        } else if let ims = request.headers["if-modified-since"].flatMap(HTTPDate.parse), version.lastModified <= ims {
            return ServedResponse(status: 304, headers: validators)
        }
        let headers = [("Content-Type", "text/calendar; charset=utf-8"), ("Content-Length", String(version.body.count))] + validators
        return ServedResponse(status: 200, headers: headers, body: request.method == "HEAD" ? Data() : version.body)
    }
}

/// HTTP dates (IMF-fixdate, RFC 9110 5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`.
public enum HTTPDate {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public static func format(_ seconds: Int) -> String {
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let d = LocalDate(dayNumber: days)
        let s = seconds - days * 86_400
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(d.weekdayAbbreviation), \(two(d.day)) \(d.monthAbbreviation) \(d.year) \(two(s / 3600)):\(two(s / 60 % 60)):\(two(s % 60)) GMT"
    }

    public static func parse(_ text: String) -> Int? {
        let p = text.split(separator: " ")
        guard p.count == 6, p[5] == "GMT", let day = Int(p[1]), let m = months.firstIndex(of: String(p[2])),
            let year = Int(p[3]), let date = LocalDate(year: year, month: m + 1, day: day)
        else { return nil }
        let t = p[4].split(separator: ":").compactMap { Int($0) }
        guard t.count == 3, (0..<24).contains(t[0]), (0..<60).contains(t[1]), (0..<61).contains(t[2]) else { return nil }
        return date.dayNumber * 86_400 + t[0] * 3600 + t[1] * 60 + t[2]
    }
}

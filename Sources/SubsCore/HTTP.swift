import Foundation

/// What the domain needs from an HTTP client (SubsHTTP implements it over libcurl).
public protocol HTTPSending {
    func send(_ request: HTTPRequest) throws(SubsError) -> HTTPResponse
}

public struct HTTPRequest: Sendable {
    public var method: String
    public var url: String
    public var headers: [(name: String, value: String)]
    public var body: Data?
    /// Whole-request limit, seconds (connecting included).
    public var timeout: Double
    public var basicAuth: (user: String, password: String)?

    public init(
        method: String = "GET", url: String, headers: [(name: String, value: String)] = [], body: Data? = nil,
        timeout: Double = 30, basicAuth: (user: String, password: String)? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.basicAuth = basicAuth
    }
}

extension HTTPRequest {
    /// The URL without any `user:password@` part, for messages.
    public static func redacted(_ url: String) -> String {
        guard let scheme = url.range(of: "://"), let at = url[scheme.upperBound...].firstIndex(of: "@") else { return url }
        let authorityEnd = url[scheme.upperBound...].firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? url.endIndex
        guard at < authorityEnd else { return url }
        return String(url[..<scheme.upperBound]) + String(url[url.index(after: at)...])
    }
}

public struct HTTPResponse: Sendable {
    public var status: Int
    /// Names in lower case, in the order received.
    public var headers: [(name: String, value: String)]
    public var body: Data

    public init(status: Int, headers: [(name: String, value: String)], body: Data) {
        self.status = status
        self.headers = headers.map { ($0.name.lowercased(), $0.value) }
        self.body = body
    }

    /// The last value of a header (case-insensitive).
    public func header(_ name: String) -> String? {
        let key = name.lowercased()
        return headers.last { $0.name == key }?.value
    }
}

/// A stable 64-bit FNV-1a digest as 16 hex digits: ETags and change detection (not security).
public func fnv1a64Hex(_ bytes: some Sequence<UInt8>) -> String {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in bytes {
        h ^= UInt64(b)
        h = h &* 0x0000_0100_0000_01b3
    }
    let hex = String(h, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
}

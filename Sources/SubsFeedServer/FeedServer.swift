import Foundation
import SubsCore

/// A deliberately small HTTP/1.1 server for one read-only resource.
///
/// It reads only a request head (request line and headers, no bodies), bounded in size (431 past
/// `maxRequestBytes`) and in time (408 past `timeout` for the whole head, so a slow client cannot hold a
/// connection), refuses request bodies (413), answers once and closes the connection. What to answer is
/// decided by the handler (SubsCore's `FeedEndpoint`, pure). At most `maxConnections` are served at once.
///
/// Why not FlyingFox (checked 0.27.1): its header reader has no size bound and its timeout covers the
/// handler, not reading the request, and this server must bound both. Hummingbird/NIO would add minutes to
/// every clean build for one GET.
public final class FeedServer: @unchecked Sendable {
    public struct Limits: Sendable {
        public var maxRequestBytes = 8192
        public var timeout: Double = 5
        public var maxConnections = 16
        public init() {}
    }

    public let host: String
    public let port: Int
    public let limits: Limits
    private let listener: Int32
    private let handler: @Sendable (ServedRequest) -> ServedResponse
    private let log: @Sendable (String) -> Void

    /// Binds `host:port` (port 0 picks a free one; see `port`).
    public init(
        host: String, port: Int, limits: Limits = Limits(), log: @escaping @Sendable (String) -> Void = { _ in },
        handler: @escaping @Sendable (ServedRequest) -> ServedResponse
    ) throws(SubsError) {
        signal(SIGPIPE, SIG_IGN)
        // A parent may have started us with these blocked (test runners do): Ctrl-C and kill must still stop us.
        var stops = sigset_t()
        sigemptyset(&stops)
        for s in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stops, s) }
        pthread_sigmask(SIG_UNBLOCK, &stops, nil)
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var info: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &info)
        guard rc == 0, let first = info else {
            throw SubsError(.usage, "cannot bind '\(host)': \(String(cString: gai_strerror(rc))); give an address like 127.0.0.1 or ::1")
        }
        defer { freeaddrinfo(info) }
        let fd = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard fd >= 0 else { throw SubsError(.failure, "cannot open a socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard bind(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0, listen(fd, 64) == 0 else {
            let e = errno
            close(fd)
            switch e {
            case EADDRINUSE: throw SubsError(.unavailable, "port \(port) on \(host) is in use; choose another with --port")
            case EADDRNOTAVAIL: throw SubsError(.usage, "\(host) is not an address of this machine; use 127.0.0.1 or one of its own")
            case EACCES: throw SubsError(.cannotWrite, "not allowed to listen on port \(port); use a port above 1023")
            default: throw SubsError(.failure, "cannot listen on \(host):\(port): \(String(cString: strerror(e)))")
            }
        }
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
        }
        let family = Int32(address.ss_family)
        let bound: UInt16 = withUnsafePointer(to: &address) { p in
            if family == AF_INET6 {
                return p.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            }
            return p.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
        self.host = host
        self.port = Int(bound)
        self.limits = limits
        self.listener = fd
        self.handler = handler
        self.log = log
    }

    /// Accepts connections until the process ends.
    public func run() -> Never {
        let slots = DispatchSemaphore(value: limits.maxConnections)
        while true {
            slots.wait()
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                slots.signal()
                if errno != EINTR { usleep(10_000) }
                continue
            }
            DispatchQueue.global().async {
                self.serve(client)
                slots.signal()
            }
        }
    }

    private enum HeadResult {
        case head(Data)
        case tooLarge, timedOut, closed
    }

    private func serve(_ fd: Int32) {
        defer { close(fd) }
        // A client that stops reading cannot hold the connection either.
        var limit = timeval(tv_sec: Int(limits.timeout), tv_usec: Int((limits.timeout - Double(Int(limits.timeout))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let response: ServedResponse
        var request: ServedRequest?
        switch readHead(fd) {
        case .closed: return
        case .timedOut: response = .text(408, "Request timeout")
        case .tooLarge: response = .text(431, "Request too large")
        case .head(let data):
            switch FeedServer.parse(data) {
            case .reject(let r): response = r
            case .request(let r):
                request = r
                if let length = r.headers["content-length"], length != "0" {
                    response = .text(413, "Request bodies are not accepted")
                } else if r.headers["transfer-encoding"] != nil {
                    response = .text(413, "Request bodies are not accepted")
                } else {
                    response = handler(r)
                }
            }
        }
        write(response, to: fd)
        log("\(request?.method ?? "-") \(request?.path ?? "-") \(response.status)")
    }

    /// Reads up to the blank line that ends the head, within the size and time limits.
    private func readHead(_ fd: Int32) -> HeadResult {
        let deadline = Date().addingTimeInterval(limits.timeout)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 2048)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return .timedOut }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, Int32(max(1, remaining * 1000)))
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { return .timedOut }
            let n = recv(fd, &buffer, min(buffer.count, limits.maxRequestBytes + 1 - data.count), 0)
            if n <= 0 { return .closed }
            data.append(contentsOf: buffer[0..<n])
            if let end = FeedServer.headEnd(data) { return .head(data[..<end]) }
            if data.count > limits.maxRequestBytes { return .tooLarge }
        }
    }

    static func headEnd(_ data: Data) -> Data.Index? {
        data.firstRange(of: Data("\r\n\r\n".utf8))?.lowerBound ?? data.firstRange(of: Data("\n\n".utf8))?.lowerBound
    }

    /// The request line and header fields (RFC 9112), strictly: anything odd is a 400.
    enum Parsed {
        case request(ServedRequest)
        case reject(ServedResponse)
    }

    static func parse(_ head: Data) -> Parsed {
        guard let text = String(data: head, encoding: .utf8) else { return .reject(.text(400, "Bad request")) }
        // "\r\n" is one Character in Swift: normalise line ends before splitting.
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        let parts = lines.first?.split(separator: " ", omittingEmptySubsequences: false) ?? []
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1."), !parts[0].isEmpty, parts[1].hasPrefix("/") else {
            return .reject(.text(400, "Bad request"))
        }
        let tokenChars = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        guard parts[0].allSatisfy({ tokenChars.contains($0) }) else { return .reject(.text(400, "Bad request")) }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return .reject(.text(400, "Bad request")) }
            let name = line[..<colon]
            guard !name.isEmpty, name.allSatisfy({ tokenChars.contains($0) }) else { return .reject(.text(400, "Bad request")) }
            headers[name.lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return .request(ServedRequest(method: String(parts[0]), target: String(parts[1]), headers: headers))
    }

    private func write(_ r: ServedResponse, to fd: Int32) {
        var head = "HTTP/1.1 \(r.status) \(ServedResponse.reason(r.status))\r\n"
        var headers = r.headers
        if r.header("Content-Length") == nil && r.status != 304 { headers.append(("Content-Length", String(r.body.count))) }
        headers.append(("Date", HTTPDate.format(Int(Date().timeIntervalSince1970))))
        headers.append(("Connection", "close"))
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        var bytes = Data(head.utf8)
        bytes.append(r.body)
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n <= 0 { return }
                offset += n
            }
        }
        shutdown(fd, Int32(SHUT_WR))
    }
}

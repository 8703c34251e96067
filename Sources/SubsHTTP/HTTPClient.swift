import CCurl
import Foundation
import SubsCore

/// A small, general HTTP client over libcurl: method, URL, headers, body, a whole-request timeout and basic
/// auth in; status, headers and body out. The only file that sees libcurl's C API.
///
/// Failures are one line naming the URL (without any user:password part) and what went wrong: connection
/// refused, unknown host, timeout. Passwords never appear in errors. Only http and https; redirects are not
/// followed (a PUT must not land somewhere else).
public final class HTTPClient: HTTPSending, @unchecked Sendable {
    private static let globalInit: Bool = {
        curl_global_init(3) == CURLE_OK  // CURL_GLOBAL_ALL (SSL | WIN32); the macro is not imported.
    }()

    public init() {}

    public func send(_ request: HTTPRequest) throws(SubsError) -> HTTPResponse {
        _ = HTTPClient.globalInit
        let shown = HTTPRequest.redacted(request.url)
        guard let curl = curl_easy_init() else { throw SubsError(.failure, "cannot start libcurl for \(shown)") }
        defer { curl_easy_cleanup(curl) }

        var headerList: UnsafeMutablePointer<curl_slist>?
        // `Expect: 100-continue` would make uploads wait a second for servers that ignore it.
        for line in request.headers.map({ "\($0.name): \($0.value)" }) + ["Expect:"] {
            headerList = curl_slist_append(headerList, line)
        }
        defer { curl_slist_free_all(headerList) }

        let sink = Sink()
        let sinkPointer = Unmanaged.passRetained(sink)
        defer { sinkPointer.release() }

        subs_curl_setopt_string(curl, CURLOPT_URL, request.url)
        subs_curl_setopt_string(curl, CURLOPT_PROTOCOLS_STR, "http,https")
        subs_curl_setopt_long(curl, CURLOPT_NOSIGNAL, 1)
        subs_curl_setopt_long(curl, CURLOPT_TIMEOUT_MS, max(1, Int(request.timeout * 1000)))
        subs_curl_setopt_long(curl, CURLOPT_CONNECTTIMEOUT_MS, max(1, Int(min(request.timeout, 10) * 1000)))
        subs_curl_setopt_pointer(curl, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headerList))
        subs_curl_setopt_write_function(curl) { data, size, count, user in
            let sink = Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()
            sink.body.append(UnsafeRawPointer(data!).assumingMemoryBound(to: UInt8.self), count: size * count)
            return size * count
        }
        subs_curl_setopt_pointer(curl, CURLOPT_WRITEDATA, sinkPointer.toOpaque())
        subs_curl_setopt_header_function(curl) { data, size, count, user in
            let sink = Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()
            let line = String(decoding: UnsafeRawBufferPointer(start: data, count: size * count), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            if line.hasPrefix("HTTP/") {
                sink.headers = []  // a new response (after 100 Continue): start again
            } else if let colon = line.firstIndex(of: ":") {
                sink.headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
            }
            return size * count
        }
        subs_curl_setopt_pointer(curl, CURLOPT_HEADERDATA, sinkPointer.toOpaque())
        if let auth = request.basicAuth {
            subs_curl_setopt_long(curl, CURLOPT_HTTPAUTH, 1)  // CURLAUTH_BASIC
            subs_curl_setopt_string(curl, CURLOPT_USERNAME, auth.user)
            subs_curl_setopt_string(curl, CURLOPT_PASSWORD, auth.password)
        }
        switch request.method {
        case "GET": subs_curl_setopt_long(curl, CURLOPT_HTTPGET, 1)
        case "HEAD": subs_curl_setopt_long(curl, CURLOPT_NOBODY, 1)
        default: subs_curl_setopt_string(curl, CURLOPT_CUSTOMREQUEST, request.method)
        }

        let body = request.body ?? Data()
        let code: CURLcode = body.withUnsafeBytes { raw in
            if request.body != nil {
                subs_curl_setopt_off(curl, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(raw.count))
                // A non-null pointer even for an empty body, so curl sends Content-Length: 0.
                let empty: StaticString = ""
                subs_curl_setopt_pointer(curl, CURLOPT_POSTFIELDS, UnsafeMutableRawPointer(mutating: raw.baseAddress ?? UnsafeRawPointer(empty.utf8Start)))
            }
            return curl_easy_perform(curl)
        }
        guard code == CURLE_OK else { throw HTTPClient.failure(code, url: shown, timeout: request.timeout) }
        var status = 0
        subs_curl_getinfo_long(curl, CURLINFO_RESPONSE_CODE, &status)
        return HTTPResponse(status: status, headers: sink.headers, body: sink.body)
    }

    private final class Sink {
        var body = Data()
        var headers: [(name: String, value: String)] = []
    }

    static func failure(_ code: CURLcode, url: String, timeout: Double) -> SubsError {
        let reason = String(cString: curl_easy_strerror(code))
        switch code {
        case CURLE_COULDNT_CONNECT:
            return SubsError(.unavailable, "cannot connect to \(url): connection refused (is the server running?)")
        case CURLE_COULDNT_RESOLVE_HOST:
            return SubsError(.unavailable, "cannot find the host of \(url): no such name in DNS; check the URL")
        case CURLE_OPERATION_TIMEDOUT:
            return SubsError(.unavailable, "\(url) did not answer within \(timeout.formatted()) s; check the server or try again")
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            return SubsError(.usage, "'\(url)' is not an http:// or https:// URL")
        case CURLE_PEER_FAILED_VERIFICATION:
            return SubsError(.unavailable, "\(url): the server's TLS certificate is not trusted (\(reason))")
        default:
            return SubsError(.unavailable, "cannot reach \(url): \(reason)")
        }
    }
}

extension Double {
    fileprivate func formatted() -> String {
        self == rounded() ? String(Int(self)) : String(self)
    }
}

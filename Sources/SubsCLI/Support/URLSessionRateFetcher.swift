import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SubsCore

/// `RateFetcher` over FoundationNetworking. The deadline is enforced here (URLSession's own timeouts
/// are unreliable on Linux): after `timeoutSeconds` the request is cancelled and a one-line error thrown.
struct URLSessionRateFetcher: RateFetcher {
    static let maxBytes = 20 << 20

    private final class Box: @unchecked Sendable {
        var data: Data?
        var response: URLResponse?
        var error: Error?
    }

    func fetch(url text: String, timeoutSeconds: Double) throws(SubsError) -> String {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host != nil
        else { throw .usage("'\(text)' is not an http:// or https:// URL; give the address of a rate file") }
        let config = URLSessionConfiguration.ephemeral
        // Our own deadline below decides; URLSession's are only a backstop.
        config.timeoutIntervalForRequest = timeoutSeconds + 5
        config.timeoutIntervalForResource = timeoutSeconds + 5
        let session = URLSession(configuration: config)
        defer { session.invalidateAndCancel() }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeoutSeconds + 5)
        request.setValue("subs", forHTTPHeaderField: "User-Agent")
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            box.data = data
            box.response = response
            box.error = error
            done.signal()
        }
        task.resume()
        let seconds = timeoutSeconds == timeoutSeconds.rounded() ? String(Int(timeoutSeconds)) : String(timeoutSeconds)
        let timedOut = SubsError(.unavailable, "no answer from \(text) within \(seconds) s; check the URL, or import a file: subs rates import FILE")
        if done.wait(timeout: .now() + timeoutSeconds) == .timedOut {
            task.cancel()
            throw timedOut
        }
        if let error = box.error {
            if (error as NSError).code == NSURLErrorTimedOut { throw timedOut }
            let reason = (error as NSError).localizedDescription
            throw SubsError(.unavailable, "cannot fetch \(text): \(reason); check the URL and the network, or import a file: subs rates import FILE")
        }
        let status = (box.response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            throw SubsError(.unavailable, "\(text) answered HTTP \(status); check the URL")
        }
        let data = box.data ?? Data()
        guard data.count <= URLSessionRateFetcher.maxBytes else {
            throw SubsError(.data, "\(text) sent \(data.count) bytes, too much for a rate file")
        }
        guard let body = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) else {
            throw SubsError(.data, "\(text) did not send text; give the address of an ECB XML or CSV rate file")
        }
        return body
    }
}

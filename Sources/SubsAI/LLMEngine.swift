import Foundation
import SubsCore
import SubsScan

/// Reads a document with a model behind an OpenAI-compatible chat completions API.
public struct LLMEngine {
    public let settings: LLMSettings
    /// libcurl (SubsHTTP.HTTPClient) in the program; the tests use it too, against a real server.
    let http: any HTTPSending
    /// Waits between tries; replaced in unit tests.
    let sleep: @Sendable (Double) -> Void
    public static let maxTries = 3

    public init(settings: LLMSettings, http: any HTTPSending,
                sleep: @escaping @Sendable (Double) -> Void = { Thread.sleep(forTimeInterval: $0) }) {
        self.settings = settings
        self.http = http
        self.sleep = sleep
    }

    public enum Outcome: Sendable {
        /// The model's checked fields.
        case read(Extraction)
        /// The endpoint answered but the answer is unusable: fall back to the local result with this warning.
        case unusable(String)
    }

    /// Sends the text (or the page images) and returns the checked answer. Transport and HTTP failures
    /// that remain after the retries throw a one-line `SubsError` with the fix; no secret is in it.
    public func read(text: String, images: [Data], mode: SendMode, today: LocalDate) throws(SubsError) -> Outcome {
        let body = Data(ChatRequest.body(model: settings.model, mode: mode, text: text, images: images).serialized().utf8)
        var headers: [(name: String, value: String)] = [("Content-Type", "application/json"), ("Accept", "application/json")]
        if let key = settings.apiKey { headers.append(("Authorization", "Bearer \(key)")) }
        let request = HTTPRequest(method: "POST", url: settings.completionsURL, headers: headers, body: body, timeout: Double(settings.timeoutSeconds))
        let shownURL = LLMSettings.redact(settings.completionsURL)
        var lastStatus = 0
        for attempt in 1...Self.maxTries {
            let reply: HTTPResponse
            do {
                reply = try http.send(request)
            } catch {
                // The client's message names the failure (refused, unknown host, timeout) and the redacted URL.
                throw SubsError(error.kind, "AI engine: \(error.message); check SUBS_LLM_URL (SUBS_LLM_TIMEOUT for slow servers) or use --engine local")
            }
            lastStatus = reply.status
            switch reply.status {
            case 200..<300:
                do {
                    let content = try LLMAnswer.content(ofResponse: String(decoding: reply.body, as: UTF8.self))
                    return .read(try LLMAnswer.extraction(fromContent: content, today: today))
                } catch {
                    return .unusable(error.reason)
                }
            case 401, 403:
                throw SubsError(.usage, "the AI endpoint refused the API key (HTTP \(reply.status)); check SUBS_LLM_API_KEY or OPENAI_API_KEY")
            case 404:
                throw SubsError(.usage, "the AI endpoint has no model '\(settings.model)' or no chat completions at \(shownURL) (HTTP 404); check SUBS_LLM_MODEL and SUBS_LLM_URL")
            case 429, 500..<600:
                if attempt < Self.maxTries { sleep(Self.delay(attempt: attempt, retryAfter: reply.header("retry-after"))) }
            default:
                throw SubsError(.unavailable, "the AI endpoint answered HTTP \(reply.status) at \(shownURL); check SUBS_LLM_URL or use --engine local")
            }
        }
        if lastStatus == 429 {
            throw SubsError(.unavailable, "the AI endpoint is rate-limiting (HTTP 429) after \(Self.maxTries) tries; try again later or use --engine local")
        }
        throw SubsError(.unavailable, "the AI endpoint failed (HTTP \(lastStatus)) after \(Self.maxTries) tries; try again later or use --engine local")
    }

    /// Exponential backoff (1 s, 2 s, ...), or what `Retry-After` asks (seconds or an HTTP date), at most 30 s.
    static func delay(attempt: Int, retryAfter: String?, now: Date = Date()) -> Double {
        if let r = retryAfter?.trimmingCharacters(in: .whitespaces) {
            if let seconds = Double(r), seconds >= 0 { return min(seconds, 30) }
            let f = DateFormatter()
            f.locale = Locale(identifier: "en_US_POSIX")
            f.timeZone = TimeZone(identifier: "GMT")
            f.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
            if let date = f.date(from: r) { return min(max(date.timeIntervalSince(now), 0), 30) }
        }
        return min(pow(2, Double(attempt - 1)), 30)
    }
}

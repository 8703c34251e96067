import Foundation
import SubsCore

/// Where the optional AI engine is and how to reach it. With no URL, `subs` stays fully offline.
///
/// Sources, strongest first: the environment (`SUBS_LLM_URL`, `SUBS_LLM_MODEL`, `SUBS_LLM_API_KEY` or
/// `OPENAI_API_KEY`, `SUBS_LLM_TIMEOUT`), then the `[llm]` table of the config file.
public struct LLMSettings: Sendable, Equatable {
    public var baseURL: String
    public var model: String
    /// Never printed, logged, stored or put in JSON: `description` redacts it.
    public var apiKey: String?
    public var timeoutSeconds: Int

    public static let defaultModel = "gpt-4o-mini"
    public static let defaultTimeout = 60

    public init(baseURL: String, model: String = LLMSettings.defaultModel, apiKey: String? = nil, timeoutSeconds: Int = LLMSettings.defaultTimeout) {
        self.baseURL = baseURL
        self.model = model
        self.apiKey = apiKey
        self.timeoutSeconds = timeoutSeconds
    }

    /// nil when no endpoint is configured. `file` is the parsed config file (`[llm]` keys url, model, api_key, timeout).
    public static func resolve(environment env: [String: String], file: [String: String]) throws(SubsError) -> LLMSettings? {
        func pick(_ envKeys: [String], _ fileKey: String) -> String? {
            for k in envKeys { if let v = env[k], !v.isEmpty { return v } }
            return file["llm." + fileKey].flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let url = pick(["SUBS_LLM_URL"], "url") else { return nil }
        guard url.hasPrefix("http://") || url.hasPrefix("https://"), URL(string: url)?.host != nil else {
            throw .usage("SUBS_LLM_URL '\(redact(url))' is not an http(s) URL; give the API's base URL, like https://api.openai.com/v1")
        }
        var timeout = defaultTimeout
        if let t = pick(["SUBS_LLM_TIMEOUT"], "timeout") {
            guard let n = Int(t), (1...600).contains(n) else {
                throw .usage("SUBS_LLM_TIMEOUT '\(t)' must be whole seconds from 1 to 600")
            }
            timeout = n
        }
        return LLMSettings(baseURL: url, model: pick(["SUBS_LLM_MODEL"], "model") ?? defaultModel,
                           apiKey: pick(["SUBS_LLM_API_KEY", "OPENAI_API_KEY"], "api_key"), timeoutSeconds: timeout)
    }

    /// The chat completions endpoint under the base URL.
    public var completionsURL: String {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        return base.hasSuffix("/chat/completions") ? base : base + "/chat/completions"
    }

    /// A URL fit for messages: no user:password part, no query (it may hold a key).
    public static func redact(_ url: String) -> String {
        guard var c = URLComponents(string: url) else { return "<the configured URL>" }
        c.user = nil
        c.password = nil
        c.query = nil
        return c.string ?? "<the configured URL>"
    }
}

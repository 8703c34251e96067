import Foundation
import Testing
import TestSupport

/// The AI engine end to end: the built `subs` against a real chat-completions server on 127.0.0.1.
@Suite(.serialized) struct AIEngineEndToEndTests {
    nonisolated static let serverDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Server")
    static let answer = #"{"name":"Streamflix","amount":"12.99","currency":"EUR","billing_date":"2026-01-05","next_billing_date":"2026-02-05","frequency":"monthly"}"#
    static let key = "sk-test-7f3a-secret-key"

    /// A chat server and a text-layer invoice in a temporary HOME.
    final class Fixture {
        let subs: SubsRunner
        let server: Process
        let port: Int
        let log: String
        let pdf: String

        init() throws {
            subs = try SubsRunner(today: "2026-01-10")
            log = subs.home.path + "/requests.jsonl"
            pdf = subs.home.path + "/invoice.pdf"
            let made = try SubsRunner.shell("python3 '\(serverDir.path)/make_pdf.py' '\(pdf)' 'Streamflix' 'Invoice date: 05/01/2026' 'Your monthly plan' 'Subtotal 10,83 EUR' 'VAT 2,16 EUR' 'Total 12,99 EUR'")
            #expect(made.status == 0, "\(made.stderr)")
            server = Process()
            server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            server.arguments = ["python3", serverDir.path + "/chat_server.py", "--log", log, "--answer", answer]
            let out = Pipe()
            server.standardOutput = out
            try server.run()
            let line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
            port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            #expect(port > 0, "chat server did not start: \(line)")
        }

        deinit { stop() }

        /// SIGKILL: a child of the test runner may have SIGTERM blocked.
        func stop() {
            if server.isRunning { kill(server.processIdentifier, SIGKILL) }
            server.waitUntilExit()
        }

        func scan(model: String, _ extra: [String] = [], env: [String: String] = [:]) throws -> SubsRunner.Result {
            try subs.run(["scan", pdf, "--json"] + extra, extraEnvironment: [
                "SUBS_LLM_URL": "http://127.0.0.1:\(port)/v1", "SUBS_LLM_MODEL": model, "SUBS_LLM_API_KEY": key,
            ].merging(env) { $1 })
        }

        var requests: [String] { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
    }

    func noSecret(_ r: SubsRunner.Result) {
        #expect(!r.stdout.contains(Self.key) && !r.stderr.contains(Self.key), "the API key leaked into the output")
    }

    @Test func aGoodAnswerIsMergedAndTheRequestIsStrictTextOnly() throws {
        let f = try Fixture()
        let r = try f.scan(model: "good", ["--engine", "llm"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#""engine":"local+llm""#), "\(r.stdout)")
        #expect(r.stdout.contains(#""name":"Streamflix""#))
        #expect(r.stdout.contains(#""amount":"12.99""#))
        #expect(r.stdout.contains(#""next_billing_date":"2026-02-05""#))
        noSecret(r)
        let request = try #require(f.requests.first)
        #expect(request.contains(#"\"model\":\"good\""#))
        #expect(request.contains("Bearer \(Self.key)"))
        #expect(request.contains(#"\"strict\":true"#))
        #expect(request.contains(#"\"type\":\"json_schema\""#))
        #expect(request.contains("Total 12,99 EUR"))
        #expect(!request.contains("image_url"))
        #expect(f.requests.count == 1)
    }

    @Test func imageModeSendsJPEGPagesAndNoText() throws {
        let f = try Fixture()
        let r = try f.scan(model: "good", ["--engine", "llm", "--send", "image"])
        #expect(r.status == 0, "\(r.stderr)")
        let request = try #require(f.requests.first)
        #expect(request.contains("data:image/jpeg;base64,/9j/"))
        #expect(!request.contains("Total 12,99 EUR"))
    }

    @Test(arguments: [("malformed", "not a JSON object"), ("refusal", "declined"), ("empty", "empty"), ("schema-violation", "lacks")])
    func unusableAnswersFallBackToTheLocalResult(_ model: String, _ reason: String) throws {
        let f = try Fixture()
        let r = try f.subs.run(["scan", f.pdf], extraEnvironment: ["SUBS_LLM_URL": "http://127.0.0.1:\(f.port)/v1", "SUBS_LLM_MODEL": model])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("AI answer not used") && r.stderr.contains(reason), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(r.stdout.contains("12.99"), "the local result stands: \(r.stdout)")
    }

    @Test func rateLimitIsRetriedHonouringRetryAfter() throws {
        let f = try Fixture()
        let started = Date()
        let r = try f.scan(model: "429-then-ok", ["--engine", "llm"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(f.requests.count == 2)
        #expect(Date().timeIntervalSince(started) >= 1, "Retry-After: 1 was not honoured")
        #expect(r.stdout.contains(#""engine":"local+llm""#))
    }

    @Test func failuresAfterRetriesAreOneLineErrors() throws {
        let f = try Fixture()
        let e500 = try f.scan(model: "500", ["--engine", "llm"])
        #expect(e500.status == 69)
        #expect(e500.stdout.contains("failed (HTTP 500) after 3 tries"), "\(e500.stdout)")
        #expect(f.requests.count == 3)
        let e429 = try f.subs.run(["scan", f.pdf, "--engine", "llm"], extraEnvironment: ["SUBS_LLM_URL": "http://127.0.0.1:\(f.port)/v1", "SUBS_LLM_MODEL": "429"])
        #expect(e429.stderr.contains("rate-limiting (HTTP 429) after 3 tries"), "\(e429.stderr)")
        #expect(e429.stderr.split(separator: "\n").count == 1)
        // auto falls back to the local result instead.
        let auto = try f.scan(model: "500")
        #expect(auto.status == 0)
        #expect(auto.stdout.contains(#""engine":"local""#))
        #expect(auto.stdout.contains("AI engine not used"))
    }

    @Test func keyModelTimeoutAndConnectionErrorsSayWhatToFix() throws {
        let f = try Fixture()
        let badKey = try f.subs.run(["scan", f.pdf, "--engine", "llm"], extraEnvironment: ["SUBS_LLM_URL": "http://127.0.0.1:\(f.port)/v1", "SUBS_LLM_MODEL": "bad-key", "SUBS_LLM_API_KEY": Self.key])
        #expect(badKey.stderr.contains("refused the API key (HTTP 401); check SUBS_LLM_API_KEY"), "\(badKey.stderr)")
        noSecret(badKey)
        let noModel = try f.subs.run(["scan", f.pdf, "--engine", "llm"], extraEnvironment: ["SUBS_LLM_URL": "http://127.0.0.1:\(f.port)/v1", "SUBS_LLM_MODEL": "gpt-nope"])
        #expect(noModel.stderr.contains("no model 'gpt-nope'") && noModel.stderr.contains("check SUBS_LLM_MODEL"), "\(noModel.stderr)")
        let slow = try f.subs.run(["scan", f.pdf, "--engine", "llm"], extraEnvironment: ["SUBS_LLM_URL": "http://127.0.0.1:\(f.port)/v1", "SUBS_LLM_MODEL": "slow", "SUBS_LLM_TIMEOUT": "1"])
        #expect(slow.stderr.contains("did not answer within 1 s") && slow.stderr.contains("SUBS_LLM_TIMEOUT"), "\(slow.stderr)")
        // A port nothing listens on (the server's own port once it is stopped).
        f.stop()
        let refused = try f.subs.run(["scan", f.pdf, "--engine", "llm"], extraEnvironment: ["SUBS_LLM_URL": "http://user:pw@127.0.0.1:\(f.port)/v1"])
        #expect(refused.stderr.contains("connection refused") && refused.stderr.contains("--engine local"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("pw@"), "credentials in the URL leaked")
        for r in [badKey, noModel, slow, refused] { #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)") }
    }

    @Test func withoutAnEndpointNothingLeavesTheMachine() throws {
        let f = try Fixture()
        let local = try f.subs.run(["scan", f.pdf, "--json"])
        #expect(local.status == 0)
        #expect(local.stdout.contains(#""engine":"local""#))
        #expect(f.requests.isEmpty)
        let needs = try f.subs.run(["scan", f.pdf, "--engine", "llm"])
        #expect(needs.status == 64)
        #expect(needs.stderr.contains("set SUBS_LLM_URL"))
        let explicitLocal = try f.scan(model: "good", ["--engine", "local"])
        #expect(explicitLocal.status == 0)
        #expect(f.requests.isEmpty)
    }

    @Test func aKeyInAConfigFileOthersCanReadIsRefused() throws {
        let f = try Fixture()
        let dir = f.subs.home.path + "/.config/subs"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let conf = dir + "/subs.conf"
        try "llm.url = http://127.0.0.1:\(f.port)/v1\nllm.model = good\nllm.api_key = \(Self.key)\n".write(toFile: conf, atomically: true, encoding: .utf8)
        chmod(conf, 0o644)
        let refused = try f.subs.run(["scan", f.pdf])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("chmod 600"), "\(refused.stderr)")
        noSecret(refused)
        chmod(conf, 0o600)
        let ok = try f.subs.run(["scan", f.pdf, "--json"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.contains(#""engine":"local+llm""#))
        #expect(f.requests.first?.contains("Bearer \(Self.key)") == true)
    }
}

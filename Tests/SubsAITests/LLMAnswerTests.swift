import Foundation
import Testing
@testable import SubsAI
@testable import SubsCore
@testable import SubsScan

private let today = LocalDate(iso: "2026-03-10")!

@Suite struct LLMAnswerTests {
    @Test func aGoodAnswerIsCheckedAndRead() throws {
        let e = try LLMAnswer.extraction(fromContent: #"{"name":"Netflix","amount":"15.99","currency":"eur","billing_date":"2026-03-05","next_billing_date":"2026-04-05","frequency":"monthly"}"#, today: today)
        #expect(e.name.value == "Netflix")
        #expect(e.amount.value == Decimal(string: "15.99"))
        #expect(e.currency.value == .eur)
        #expect(e.billingDate.value == LocalDate(iso: "2026-03-05"))
        #expect(e.nextBillingDate.value == LocalDate(iso: "2026-04-05"))
        #expect(e.frequency.value == .monthly && e.frequencyStated)
    }

    @Test func nullsStayNullAndNothingIsGuessed() throws {
        let e = try LLMAnswer.extraction(fromContent: #"{"name":null,"amount":null,"currency":null,"billing_date":null,"next_billing_date":null,"frequency":null}"#, today: today)
        #expect(e.name.value == nil && e.amount.value == nil && e.currency.value == nil && e.billingDate.value == nil)
        #expect(!e.frequencyStated)
    }

    @Test(arguments: [
        (#"{"name":"X","amount":"15,99.1","currency":"EUR","billing_date":null,"next_billing_date":null,"frequency":null}"#, "amount"),
        (#"{"name":"X","amount":"15.99","currency":"EURO","billing_date":null,"next_billing_date":null,"frequency":null}"#, "currency"),
        (#"{"name":"X","amount":"15.99","currency":"EUR","billing_date":"2026-02-30","next_billing_date":null,"frequency":null}"#, "billing_date"),
        (#"{"name":"X","amount":"15.99","currency":"EUR","billing_date":"1999-01-01","next_billing_date":null,"frequency":null}"#, "implausibly"),
        (#"{"name":"X","amount":"15.99","currency":"EUR","billing_date":null,"next_billing_date":null,"frequency":"fortnightly"}"#, "frequency"),
        (#"{"name":"X","amount":"15.99"}"#, "lacks"),
        (#"{"name":"X","amount":"1","currency":"EUR","billing_date":null,"next_billing_date":null,"frequency":null,"note":"x"}"#, "unexpected"),
        ("The total is 15.99 EUR", "not a JSON object"),
    ] as [(String, String)])
    func badAnswersAreRefusedWithAReason(_ content: String, _ fragment: String) {
        #expect {
            _ = try LLMAnswer.extraction(fromContent: content, today: today)
        } throws: { ($0 as? LLMAnswer.Unusable)?.reason.contains(fragment) == true }
    }

    @Test func refusalsAndEmptyContentAreUnusable() {
        #expect(throws: LLMAnswer.Unusable.self) {
            try LLMAnswer.content(ofResponse: #"{"choices":[{"message":{"content":null,"refusal":"I can't"}}]}"#)
        }
        #expect(throws: LLMAnswer.Unusable.self) { try LLMAnswer.content(ofResponse: #"{"choices":[{"message":{"content":"  "}}]}"#) }
        #expect(throws: LLMAnswer.Unusable.self) { try LLMAnswer.content(ofResponse: "<html>") }
    }
}

@Suite struct ExtractionMergeTests {
    func local(name: String?, amount: String?, confidence: Double) -> Extraction {
        var e = Extraction()
        e.name = ScannedField(name, confidence: confidence)
        e.amount = ScannedField(amount.flatMap { Decimal(string: $0) }, confidence: confidence)
        return e
    }

    @Test func agreementRaisesConfidence() {
        let ai = local(name: "netflix", amount: "15.99", confidence: 0.7)
        let (m, d) = ExtractionMerge.merge(local: local(name: "Netflix", amount: "15.99", confidence: 0.6), ai: ai)
        #expect(d.isEmpty)
        #expect(m.name.value == "Netflix")
        #expect(abs(m.amount.confidence - 0.9) < 1e-9)
    }

    @Test func disagreementIsReportedAndTheSurerSideWins() {
        let (m, d) = ExtractionMerge.merge(local: local(name: "Netflix", amount: "13.22", confidence: 0.5),
                                           ai: local(name: "Netflix", amount: "15.99", confidence: 0.7))
        #expect(d == [ExtractionMerge.Disagreement(field: "amount", local: "13.22", ai: "15.99")])
        #expect(m.amount.value == Decimal(string: "15.99"))
        let (sure, _) = ExtractionMerge.merge(local: local(name: "Netflix", amount: "13.22", confidence: 0.95),
                                              ai: local(name: "Netflix", amount: "15.99", confidence: 0.7))
        #expect(sure.amount.value == Decimal(string: "13.22"))
    }

    @Test func aFieldOnlyOneSideReadIsTaken() {
        let (m, _) = ExtractionMerge.merge(local: local(name: nil, amount: "9.99", confidence: 0.6), ai: local(name: "Spotify", amount: nil, confidence: 0.7))
        #expect(m.name.value == "Spotify")
        #expect(m.amount.value == Decimal(string: "9.99"))
    }
}

@Suite struct RequestTests {
    @Test func theRequestIsStrictAndTextModeCarriesNoImage() throws {
        let body = ChatRequest.body(model: "m", mode: .text, text: "Total 15.99 EUR", images: []).serialized()
        let v = try JSONValue.parse(body)
        #expect(v["model"]?.stringValue == "m")
        #expect(body.contains(#""temperature":0.1"#))
        let format = v["response_format"]
        #expect(format?["type"]?.stringValue == "json_schema")
        #expect(format?["json_schema"]?["strict"] == .bool(true))
        let schema = format?["json_schema"]?["schema"]
        #expect(schema?["required"]?.arrayValue?.compactMap(\.stringValue) == ChatRequest.fields)
        #expect(schema?["additionalProperties"] == .bool(false))
        #expect(!body.contains("image_url"))
        let image = ChatRequest.body(model: "m", mode: .image, text: "ignored", images: [Data([0xFF, 0xD8, 0xFF])]).serialized()
        #expect(image.contains("data:image/jpeg;base64,/9j/"))
        #expect(!image.contains("ignored"))
    }

    @Test func retryDelaysHonourRetryAfterAndBackOff() {
        #expect(LLMEngine.delay(attempt: 1, retryAfter: nil) == 1)
        #expect(LLMEngine.delay(attempt: 2, retryAfter: nil) == 2)
        #expect(LLMEngine.delay(attempt: 1, retryAfter: "7") == 7)
        #expect(LLMEngine.delay(attempt: 1, retryAfter: "3600") == 30)
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(LLMEngine.delay(attempt: 1, retryAfter: "Tue, 14 Nov 2023 22:13:25 GMT", now: now) == 5)
    }

    @Test func settingsComeFromTheEnvironmentThenTheFileAndRedactSecrets() throws {
        #expect(try LLMSettings.resolve(environment: [:], file: [:]) == nil)
        let s = try LLMSettings.resolve(environment: ["SUBS_LLM_URL": "http://127.0.0.1:8080/v1/", "OPENAI_API_KEY": "sk-env"],
                                        file: ["llm.model": "llama3", "llm.api_key": "sk-file"])!
        #expect(s.completionsURL == "http://127.0.0.1:8080/v1/chat/completions")
        #expect(s.model == "llama3")
        #expect(s.apiKey == "sk-env")
        #expect(LLMSettings.redact("https://user:secret@host/v1?key=sk-1") == "https://host/v1")
        #expect(throws: SubsError.self) { try LLMSettings.resolve(environment: ["SUBS_LLM_URL": "ftp://x"], file: [:]) }
    }
}

import Foundation
import Testing

@testable import SubsScan

/// The shipped scorer as Swift evaluates it must give the scores the trainer computed (training/train.py
/// writes Model/scorer-fixture.json with the model), and every candidate must carry the features the model
/// was trained on, in its order.
@Suite struct ScorerTests {
    static let fixtureURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Model/scorer-fixture.json")

    struct Fixture: Decodable {
        var rows: [[Double?]]
        var scores: [Double]
    }

    @Test func swiftReproducesThePythonScoresOfTheShippedModel() throws {
        let model = try #require(ScoringModel.bundled, "Resources/scorer.json is missing: run make train")
        let fixture = try JSONDecoder().decode([String: Fixture].self, from: Data(contentsOf: Self.fixtureURL))
        #expect(Set(fixture.keys) == Set(ScoringModel.fieldNames))
        for (field, f) in fixture {
            let scorer = try #require(model.fields[field])
            #expect(!f.rows.isEmpty)
            for (row, expected) in zip(f.rows, f.scores) {
                let score = scorer.score(row.map { $0 ?? .nan })
                #expect(abs(score - expected) < 1e-9, "\(field): \(score) against \(expected)")
            }
        }
    }

    @Test func candidatesCarryTheFeaturesTheModelWasTrainedOn() throws {
        let model = try #require(ScoringModel.bundled)
        let dir = try TempDir()
        let pdf = try dir.file("i.pdf", Fixtures.textPDF(pages: [[
            "Nordlicht Energie GmbH", "Rechnung", "Rechnungsdatum: 03.02.2026", "Leistungszeitraum 01.01.2026 - 31.01.2026",
            "Grundpreis 9,90 EUR / Monat", "Zwischensumme 20,00 EUR", "MwSt. 19 % 3,80 EUR", "Gesamtbetrag 23,80 EUR",
            "Nächste Abbuchung am 03.03.2026", "www.nordlicht-energie.de",
        ]]))
        let pages = try InvoiceScanner().readPages(of: pdf)
        let candidates = TrainingCandidates.candidates(pages: pages)
        for (name, field) in candidates.byName {
            #expect(!field.rows.isEmpty, "no \(name) candidates")
            let scorer = try #require(model.fields[name])
            #expect(field.names == scorer.features, "\(name): the features differ from the model's; run make train")
            #expect(field.rows.allSatisfy { $0.count == field.names.count })
        }
    }

    @Test func aMissingValueTakesTheBranchTheTrainerGaveIt() {
        // Root splits feature 0 at 1.5; missing values go right. Leaves: left 1, right -1.
        let tree = ScoringModel.Tree(
            feature: [0, 0, 0], threshold: [1.5, 0, 0], left: [1, 0, 0], right: [2, 0, 0], value: [0, 1, -1],
            missingLeft: [false, false, false], leaf: [false, true, true])
        #expect(tree.value([1.0]) == 1)
        #expect(tree.value([2.0]) == -1)
        #expect(tree.value([.nan]) == -1)
        let field = ScoringModel.Field(features: ["x"], baseline: 0, threshold: 0.5, trees: [tree])
        #expect(abs(field.score([1.0]) - 1 / (1 + exp(-1))) < 1e-12)
    }

    @Test func theModelReaderTakesOnlyAWholeModel() throws {
        let one = #"{"version":1,"fields":{"amount":{"features":["a","b"],"baseline":-0.5,"threshold":0.25,"trees":[{"feature":[1,0,0],"threshold":[2.5,0,0],"left":[1,0,0],"right":[2,0,0],"value":[0,-1.5,1e-1],"missingLeft":[true,false,false],"leaf":[false,true,true]}]}}}"#
        let model = try #require(ScoringModel(json: Data(one.utf8)))
        let amount = try #require(model.fields["amount"])
        #expect(amount.features == ["a", "b"] && amount.threshold == 0.25)
        // b = 3 > 2.5: right leaf, 0.1; b missing: left leaf, -1.5.
        #expect(abs(amount.score([0, 3]) - 1 / (1 + exp(0.5 - 0.1))) < 1e-12)
        #expect(abs(amount.score([0, .nan]) - 1 / (1 + exp(2.0))) < 1e-12)
        for broken in [String(one.dropLast()), one.replacingOccurrences(of: "\"leaf\"", with: "\"leaves\""), "", "[]"] {
            #expect(ScoringModel(json: Data(broken.utf8)) == nil, "\(broken.prefix(40))")
        }
    }
}

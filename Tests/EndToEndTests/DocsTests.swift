import Foundation
import Testing
import TestSupport

/// The checked-in completions and man page must match the command definitions.
@Suite struct DocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func completionsAndManPageAreUpToDate() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("subs-docs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let r = try SubsRunner.shell("'\(Self.root.path)/scripts/generate-docs' '\(SubsRunner.binary.path)' '\(out.path)'")
        #expect(r.status == 0, "\(r.stderr)")
        for file in ["completions/subs.bash", "completions/_subs", "completions/subs.fish", "man/subs.1"] {
            let fresh = try String(contentsOf: out.appendingPathComponent(file), encoding: .utf8)
            let checkedIn = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            #expect(fresh == checkedIn, "\(file) no longer matches the commands: run 'make man'")
        }
    }

    @Test func manPageIsLintClean() throws {
        let r = try SubsRunner.shell("mandoc -T lint -W warning '\(Self.root.path)/man/subs.1'")
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
    }
}

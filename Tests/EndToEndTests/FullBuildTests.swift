import Foundation
import Testing
import TestSupport

/// `subs` links only what the everyday commands need and hands the others to `subs-full`.
@Suite struct FullBuildTests {
    static var full: URL { SubsRunner.binary.deletingLastPathComponent().appendingPathComponent("subs-full") }

    /// The shared libraries an executable asks the dynamic linker for (its DT_NEEDED entries).
    func needed(_ binary: URL) throws -> [String] {
        let r = try SubsRunner.shell("readelf -d '\(binary.path)'")
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }.map(String.init)
    }

    @Test func theEverydayBinaryLoadsNoScanningNetworkOrNotificationLibrary() throws {
        let light = try needed(SubsRunner.binary)
        #expect(light.contains { $0.contains("libsqlite3") }, "\(light)")
        for heavy in ["tesseract", "lept", "poppler", "heif", "curl", "notify", "glib", "cairo"] {
            #expect(!light.contains { $0.contains(heavy) }, "subs needs \(heavy): \(light)")
        }
        let full = try needed(Self.full)
        for heavy in ["tesseract", "poppler", "curl", "notify"] {
            #expect(full.contains { $0.contains(heavy) }, "subs-full lacks \(heavy): \(full)")
        }
        // libheif and its codecs are opened on the first HEIC, not at every scan's start.
        #expect(!full.contains { $0.contains("heif") }, "\(full)")
    }

    /// Installed as `make install` lays it out: bin/subs and libexec/subs/subs-full.
    func installed(_ subs: SubsRunner, withFull: Bool) throws -> URL {
        let prefix = subs.home.appendingPathComponent("prefix")
        let bin = prefix.appendingPathComponent("bin"), libexec = prefix.appendingPathComponent("libexec/subs")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: SubsRunner.binary, to: bin.appendingPathComponent("subs"))
        if withFull {
            try FileManager.default.createDirectory(at: libexec, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: libexec.appendingPathComponent("subs-full"), withDestinationURL: Self.full)
        }
        return bin.appendingPathComponent("subs")
    }

    @Test func scanningRunsInSubsFullWithTheSameArgumentsAndEnvironment() throws {
        let subs = try SubsRunner()
        let bin = try installed(subs, withFull: true)
        let env = subs.environment
        // A file name with a space: the arguments reach subs-full unchanged; its loader answers.
        let r = try SubsRunner.run(executable: bin, ["scan", "--json", "no such invoice.pdf"], environment: env, directory: subs.home)
        #expect(r.status == 66, "\(r.stderr)")
        #expect(r.stdout.contains(#""file":"no such invoice.pdf""#), "\(r.stdout)")
        #expect(r.stdout.contains("no such file"), "\(r.stdout)")
        // The environment goes along: SUBS_TODAY decides the day reminders are due on.
        _ = try SubsRunner.run(executable: bin, ["add", "Netflix", "--amount", "9.99", "--next", "2026-01-20", "--remind", "5"], environment: env)
        let remind = try SubsRunner.run(executable: bin, ["remind", "--via", "stdout", "--dry-run"], environment: env)
        #expect(remind.status == 0, "\(remind.stderr)")
        #expect(remind.stdout.contains("Netflix"), "\(remind.stdout)")
    }

    @Test func withoutSubsFullTheOtherCommandsStillWorkAndScanningSaysWhatToDo() throws {
        let subs = try SubsRunner()
        let bin = try installed(subs, withFull: false)
        let env = subs.environment
        #expect(try SubsRunner.run(executable: bin, ["add", "Netflix", "--amount", "9.99"], environment: env).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: subs.databasePath))
        for args in [["add", "--scan", "invoice.pdf", "--yes"], ["scan", "invoice.pdf"], ["remind"], ["rates", "update", "--url", "http://127.0.0.1:9/x"]] {
            let r = try SubsRunner.run(executable: bin, args, environment: env)
            #expect(r.status == 69, "\(args): \(r.status)")
            #expect(r.stderr.hasPrefix("subs: this command needs subs-full"), "\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1)
            #expect(r.stdout.isEmpty)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: subs.databasePath)) == before)
        let list = try SubsRunner.run(executable: bin, ["list"], environment: env)
        #expect(list.status == 0 && list.stdout.contains("Netflix"))
    }
}

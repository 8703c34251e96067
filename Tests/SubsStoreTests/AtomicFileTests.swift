import Foundation
import SubsCore
import SubsStore
import Testing

/// The calendar feed relies on AtomicFile: a reader sees the old or the new content, and no temporary file stays.
@Suite struct AtomicFileTests {
    @Test func replacesContentAndLeavesNoTemporaryFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("feed.ics").path
        try AtomicFile.write(Data("old".utf8), to: path)
        try AtomicFile.write(Data("new".utf8), to: path, mode: 0o640)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["feed.ics"])
    }

    @Test func missingFolderIsAOneLineError() {
        #expect(throws: SubsError.self) {
            try AtomicFile.write(Data("x".utf8), to: "/nonexistent-\(UUID().uuidString)/feed.ics")
        }
    }
}

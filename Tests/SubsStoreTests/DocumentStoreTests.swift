import Foundation
import Testing
import SubsCore
@testable import SubsStore

/// Scanned documents are files named by their SHA-256 next to the database; the rows link them.
@Suite struct DocumentStoreTests {
    func store() throws -> (SQLiteStore, URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("subs-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return (try SQLiteStore(path: dir.path + "/subs.db"), dir)
    }

    func subscription(_ name: String) -> Subscription {
        Subscription(uid: UUID().uuidString, name: name, price: Money(Decimal(string: "9.99")!, .eur), cadence: .monthly,
                     anchor: LocalDate(iso: "2026-02-03")!, createdAt: "2026-01-15T00:00:00Z")
    }

    func document(_ bytes: Data, of id: Int) -> StoredDocument {
        StoredDocument(subscriptionID: id, fileName: "invoice.pdf", mediaType: "application/pdf", size: bytes.count,
                       digest: SHA256.hex(bytes), extracted: "{}", scannedAt: "2026-01-15T00:00:00Z")
    }

    func files(_ s: SQLiteStore) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: s.documentsFolder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func bytesAreKeptOnceUnderTheirDigestAndReadBack() throws {
        let (s, dir) = try store()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bytes = Data("%PDF-1.4 an invoice".utf8)
        let (a, b) = try s.write { tx in (try tx.insert(subscription("A")), try tx.insert(subscription("B"))) }
        let (first, second) = try s.write { tx in
            (try tx.attach(document(bytes, of: a), content: bytes), try tx.attach(document(bytes, of: b), content: bytes))
        }
        #expect(files(s) == [SHA256.hex(bytes) + ".pdf"])
        let mode = try FileManager.default.attributesOfItem(atPath: s.documentsFolder + "/" + files(s)[0])[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let folderMode = try FileManager.default.attributesOfItem(atPath: s.documentsFolder)[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
        let (one, two, holders) = try s.read { tx in
            (try tx.documentContent(id: first), try tx.documentContent(id: second), try tx.documents(withDigest: SHA256.hex(bytes)))
        }
        #expect(one == bytes && two == bytes)
        #expect(holders.map(\.subscriptionID) == [a, b])
    }

    @Test func aRolledBackAttachLeavesNoFile() throws {
        let (s, dir) = try store()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bytes = Data("an image".utf8)
        let id = try s.write { tx in try tx.insert(subscription("A")) }
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try s.write { tx in
                _ = try tx.attach(document(bytes, of: id), content: bytes)
                #expect(files(s).count == 1)
                throw Abort()
            }
        }
        #expect(files(s).isEmpty)
        #expect(try s.read { tx in try tx.documents(of: id) }.isEmpty)
    }

    @Test func deletingASubscriptionRemovesTheFilesNoOtherOneUses() throws {
        let (s, dir) = try store()
        defer { try? FileManager.default.removeItem(at: dir) }
        let shared = Data("shared".utf8), own = Data("own".utf8)
        let (a, b) = try s.write { tx in (try tx.insert(subscription("A")), try tx.insert(subscription("B"))) }
        try s.write { tx in
            _ = try tx.attach(document(shared, of: a), content: shared)
            _ = try tx.attach(document(own, of: a), content: own)
            _ = try tx.attach(document(shared, of: b), content: shared)
        }
        #expect(files(s).count == 2)
        try s.write { tx in try tx.delete(id: a) }
        #expect(files(s) == [SHA256.hex(shared) + ".pdf"])
        try s.write { tx in try tx.delete(id: b) }
        #expect(files(s).isEmpty)
    }
}

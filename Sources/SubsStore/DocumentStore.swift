import Foundation
import SubsCore

extension SQLiteStore.Transaction: DocumentStoring {
    public func attach(_ d: StoredDocument, content: Data) throws -> Int {
        try db.query(
            """
            INSERT INTO documents (subscription_id, file_name, media_type, size, digest, content, extracted, scanned_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [.int(d.subscriptionID), .text(d.fileName), .text(d.mediaType), .int(d.size), .text(d.digest),
             .blob(Array(content)), .text(d.extracted), .text(d.scannedAt)])
        return db.lastInsertRowID
    }

    public func documents(of subscriptionID: Int) throws -> [StoredDocument] {
        var result: [StoredDocument] = []
        try db.query(
            "SELECT id, subscription_id, file_name, media_type, size, digest, extracted, scanned_at FROM documents WHERE subscription_id = ? ORDER BY id",
            [.int(subscriptionID)]
        ) { r in
            result.append(StoredDocument(
                id: r.int(0), subscriptionID: r.int(1), fileName: r.text(2) ?? "", mediaType: r.text(3) ?? "",
                size: r.int(4), digest: r.text(5) ?? "", extracted: r.text(6) ?? "", scannedAt: r.text(7) ?? ""))
        }
        return result
    }

    public func documentContent(id: Int) throws -> Data? {
        var data: Data?
        try db.query("SELECT content FROM documents WHERE id = ?", [.int(id)]) { data = Data($0.blob(0)) }
        return data
    }
}

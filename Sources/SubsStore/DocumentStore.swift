import Foundation
import SubsCore

/// A document's bytes are kept once, as a file named by its SHA-256 in the documents folder next to the
/// database (mode 0600 in a 0700 folder); the row links it to its subscription. Rows of documents kept
/// before that hold the bytes in `content`; new rows leave it empty.
extension SQLiteStore.Transaction: DocumentStoring {
    public func attach(_ d: StoredDocument, content: Data) throws -> Int {
        let file = filePath(d.digest, mediaType: d.mediaType)
        if !FileManager.default.fileExists(atPath: file) {
            try makeFolder()
            try AtomicFile.write(content, to: file, mode: 0o600)
            createdFiles.append(file)
        }
        try db.query(
            """
            INSERT INTO documents (subscription_id, file_name, media_type, size, digest, content, extracted, scanned_at)
            VALUES (?, ?, ?, ?, ?, X'', ?, ?)
            """,
            [.int(d.subscriptionID), .text(d.fileName), .text(d.mediaType), .int(d.size), .text(d.digest),
             .text(d.extracted), .text(d.scannedAt)])
        return db.lastInsertRowID
    }

    public func documents(of subscriptionID: Int) throws -> [StoredDocument] {
        try documents(where: "subscription_id = ?", .int(subscriptionID))
    }

    public func documents(withDigest digest: String) throws -> [StoredDocument] {
        try documents(where: "digest = ?", .text(digest))
    }

    public func documentContent(id: Int) throws -> Data? {
        var found: (inRow: Data, digest: String, mediaType: String)?
        try db.query("SELECT content, digest, media_type FROM documents WHERE id = ?", [.int(id)]) {
            found = (Data($0.blob(0)), $0.text(1) ?? "", $0.text(2) ?? "")
        }
        guard let found else { return nil }
        if !found.inRow.isEmpty { return found.inRow }
        let file = filePath(found.digest, mediaType: found.mediaType)
        guard let data = FileManager.default.contents(atPath: file) else {
            throw SubsError(.noInput, "the document file \(file) is missing; restore it from a backup of \(documentsFolder)")
        }
        return data
    }

    /// After the rows of `documents` are gone: their files go too, once no other row uses them.
    func forgetFiles(of documents: [StoredDocument]) throws {
        for d in documents where try self.documents(withDigest: d.digest).isEmpty {
            unreferencedFiles.append(filePath(d.digest, mediaType: d.mediaType))
        }
    }

    private func documents(where condition: String, _ value: SQLiteConnection.Value) throws -> [StoredDocument] {
        var result: [StoredDocument] = []
        try db.query(
            "SELECT id, subscription_id, file_name, media_type, size, digest, extracted, scanned_at FROM documents WHERE \(condition) ORDER BY id",
            [value]
        ) { r in
            result.append(StoredDocument(
                id: r.int(0), subscriptionID: r.int(1), fileName: r.text(2) ?? "", mediaType: r.text(3) ?? "",
                size: r.int(4), digest: r.text(5) ?? "", extracted: r.text(6) ?? "", scannedAt: r.text(7) ?? ""))
        }
        return result
    }

    /// `<sha256>.pdf`: the extension lets a file manager open it.
    private func filePath(_ digest: String, mediaType: String) -> String {
        let ext = MediaTypeExtension.of(mediaType)
        return documentsFolder + "/" + digest + (ext.isEmpty ? "" : "." + ext)
    }

    private func makeFolder() throws {
        guard !FileManager.default.fileExists(atPath: documentsFolder) else { return }
        do {
            try FileManager.default.createDirectory(
                atPath: documentsFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw SubsError(.cannotWrite, "cannot create \(documentsFolder); check the permissions of the database's folder")
        }
    }
}

/// The usual file name extension of the media types scanning accepts.
enum MediaTypeExtension {
    static func of(_ mediaType: String) -> String {
        switch mediaType {
        case "application/pdf": "pdf"
        case "image/png": "png"
        case "image/jpeg": "jpg"
        case "image/webp": "webp"
        case "image/tiff": "tiff"
        case "image/gif": "gif"
        case "image/bmp": "bmp"
        case "image/heif", "image/heic": "heic"
        default: ""
        }
    }
}

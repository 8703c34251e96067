import Foundation

/// A scanned invoice kept with its subscription.
public struct StoredDocument: Sendable, Equatable {
    public var id: Int
    public var subscriptionID: Int
    public var fileName: String
    public var mediaType: String
    public var size: Int
    /// SHA-256 of the bytes, hex: the name the file is kept under, and how the same file scanned twice is recognised.
    public var digest: String
    /// What was read from it, as the JSON `subs scan --json` prints.
    public var extracted: String
    public var scannedAt: String

    public init(id: Int = 0, subscriptionID: Int, fileName: String, mediaType: String, size: Int, digest: String,
                extracted: String, scannedAt: String) {
        self.id = id
        self.subscriptionID = subscriptionID
        self.fileName = fileName
        self.mediaType = mediaType
        self.size = size
        self.digest = digest
        self.extracted = extracted
        self.scannedAt = scannedAt
    }
}

/// Storage of scanned documents; the store's transaction adopts it.
public protocol DocumentStoring {
    /// Keeps the bytes (once per digest) and links them to the subscription.
    func attach(_ document: StoredDocument, content: Data) throws -> Int
    /// Every document with these bytes, whichever subscription it belongs to.
    func documents(withDigest digest: String) throws -> [StoredDocument]
    /// Metadata of a subscription's documents, oldest first.
    func documents(of subscriptionID: Int) throws -> [StoredDocument]
    func documentContent(id: Int) throws -> Data?
}

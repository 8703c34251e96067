import SubsCore

/// What is known of a document besides its pages: an e-mail's sender, subject and date. The extractor
/// weighs these as evidence like the printed text (a sender's display name or domain names the vendor; the
/// date a receipt was sent is its billing date when the body prints none).
public struct DocumentContext: Sendable, Equatable {
    /// The sender's display name ("Netflix"), for a forwarded mail the original sender's.
    public var senderName: String?
    /// The sender's address ("info@mailer.netflix.com").
    public var senderAddress: String?
    public var subject: String?
    /// The day the message was sent (its `Date:` header, in the sender's own offset).
    public var sentDate: LocalDate?

    public init(senderName: String? = nil, senderAddress: String? = nil, subject: String? = nil, sentDate: LocalDate? = nil) {
        self.senderName = senderName
        self.senderAddress = senderAddress
        self.subject = subject
        self.sentDate = sentDate
    }

    public var isEmpty: Bool { senderName == nil && senderAddress == nil && subject == nil && sentDate == nil }
}

import Foundation

/// What a user asked to set on a subscription (`add` and `edit`), as typed: the domain validates it.
/// nil leaves a field as it is; an empty string clears an optional text field; "none" clears an optional date.
public struct SubscriptionChanges: Sendable, Equatable {
    public var name: String?
    public var amount: String?
    public var currency: String?
    public var cadence: String?
    public var next: String?
    public var since: String?
    public var priceFrom: String?
    public var category: String?
    public var addTags: [String] = []
    public var removeTags: [String] = []
    public var notes: String?
    public var paymentMethod: String?
    public var url: String?
    public var remind: String?
    public var trialUntil: String?
    public var endsOn: String?
    public var noticeDays: String?
    public var share: String?

    public init() {}

    public var isEmpty: Bool { self == SubscriptionChanges() }
}

/// Parses a user-typed date; `what` names the field in the error.
public func parseDate(_ text: String, _ what: String) throws(SubsError) -> LocalDate {
    guard let d = LocalDate(iso: text.trimmingCharacters(in: .whitespaces)) else {
        throw .usage("\(what) '\(text)' is not a real date; use YYYY-MM-DD, like 2026-01-31")
    }
    return d
}

/// Like `parseDate`, but "none" (or an empty string) clears the date.
func parseOptionalDate(_ text: String, _ what: String) throws(SubsError) -> LocalDate? {
    let t = text.trimmingCharacters(in: .whitespaces).lowercased()
    if t.isEmpty || t == "none" { return nil }
    return try parseDate(text, what)
}

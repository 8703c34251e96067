/// A failure the user can act on: one line naming the problem and the fix. `kind` decides the exit status.
public struct SubsError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case usage  // bad option value
        case notFound  // no such subscription
        case conflict  // name already taken
        case data  // a file's content is wrong (import, database not SQLite, ...)
        case noInput  // a file does not exist or cannot be read
        case cannotWrite  // read-only database or folder
        case busy  // another process holds the database too long
        case unavailable  // a service is missing (notification server, network)
        case failure  // anything else
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public static func usage(_ m: String) -> SubsError { .init(.usage, m) }
    public static func notFound(_ m: String) -> SubsError { .init(.notFound, m) }
    public static func conflict(_ m: String) -> SubsError { .init(.conflict, m) }
    public static func data(_ m: String) -> SubsError { .init(.data, m) }

    public var description: String { message }
}

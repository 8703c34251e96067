import Foundation

/// What `subs calendar publish` last put on a CalDAV collection: per resource, its ETag and a digest of
/// the text sent, so the next publish sends only what changed and deletes only what it created.
public struct CalDAVPublishState: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var etag: String?
        public var digest: String
    }

    public var url: String
    public var resources: [String: Entry]

    public init(url: String, resources: [String: Entry] = [:]) {
        self.url = url
        self.resources = resources
    }

    public init(json text: String) throws(SubsError) {
        let v = try JSONValue.parse(text)
        guard let url = v["url"]?.stringValue, case .object(let pairs)? = v["resources"] else {
            throw .data("damaged calendar publish state in the database")
        }
        self.url = url
        resources = [:]
        for (name, e) in pairs {
            guard let digest = e["digest"]?.stringValue else { throw .data("damaged calendar publish state in the database") }
            resources[name] = Entry(etag: e["etag"]?.stringValue, digest: digest)
        }
    }

    public var json: String {
        JSONValue.object([
            ("url", .string(url)),
            ("resources", .object(resources.keys.sorted().map { name in
                let e = resources[name]!
                return (name, .object([("etag", .optional(e.etag)), ("digest", .string(e.digest))]))
            })),
        ]).serialized()
    }
}

/// One calendar object to publish: a resource name in the collection and its iCalendar text.
public struct CalDAVResource: Sendable {
    public var name: String
    public var text: String
    public var label: String

    public init(name: String, text: String, label: String) {
        self.name = name
        self.text = text
        self.label = label
    }

    /// A resource name from an event UID: letters, digits, `-`, `_` and `.` kept, anything else `_`.
    public static func name(forUID uid: String) -> String {
        String(uid.unicodeScalars.map { s -> Character in
            (s.isASCII && (CharacterSet.alphanumerics.contains(s) || "-_.".unicodeScalars.contains(s))) ? Character(s) : "_"
        }) + ".ics"
    }
}

public struct CalDAVPublishReport: Sendable, Equatable {
    public var created: [String] = []
    public var updated: [String] = []
    public var deleted: [String] = []
    public var unchanged = 0
    /// Resources changed on the server since the last publish (or not made by subs): left alone.
    public var conflicts: [String] = []

    public init() {}
}

/// Puts one resource per event into a CalDAV collection with optimistic concurrency:
/// `If-None-Match: *` to create (never overwrite what someone else made), `If-Match: <etag>` to update or
/// delete what this database published (never clobber a change made on the server meanwhile).
public struct CalDAVPublisher {
    public var collection: String
    public var auth: (user: String, password: String)?
    public var timeout: Double
    /// Overwrite resources that changed on the server (or that subs did not create).
    public var force: Bool
    let client: any HTTPSending

    public init(
        collection: String, auth: (user: String, password: String)?, client: any HTTPSending, timeout: Double = 30,
        force: Bool = false
    ) {
        self.client = client
        self.collection = collection.hasSuffix("/") ? collection : collection + "/"
        self.auth = auth
        self.timeout = timeout
        self.force = force
    }

    /// What a publish did. `state` is always what the server now holds as far as subs knows, even when
    /// `error` stopped it halfway, so the next publish picks up from there.
    public struct Outcome: Sendable {
        public var report: CalDAVPublishReport
        public var state: CalDAVPublishState
        public var error: SubsError?
    }

    public func publish(_ resources: [CalDAVResource], previous: CalDAVPublishState?) -> Outcome {
        var report = CalDAVPublishReport()
        // State for another collection says nothing about this one.
        let old = previous?.url == collection ? previous!.resources : [:]
        var state = CalDAVPublishState(url: collection, resources: old)
        let wanted = Set(resources.map(\.name))
        do {
            for r in resources {
                let data = Data(r.text.utf8)
                let digest = fnv1a64Hex(data)
                let known = old[r.name]
                if let known, known.digest == digest {
                    report.unchanged += 1
                    continue
                }
                var headers: [(name: String, value: String)] = [("Content-Type", "text/calendar; charset=utf-8")]
                if !force {
                    if let etag = known?.etag {
                        headers.append(("If-Match", etag))
                    } else if known == nil {
                        headers.append(("If-None-Match", "*"))
                    }
                }
                let response = try send("PUT", r.name, headers: headers, body: data)
                switch response.status {
                case 200..<300:
                    var etag = response.header("ETag")
                    if etag == nil { etag = try self.etag(of: r.name) }
                    state.resources[r.name] = .init(etag: etag, digest: digest)
                    if known == nil { report.created.append(r.label) } else { report.updated.append(r.label) }
                case 412:
                    report.conflicts.append(r.label)
                default:
                    throw failure(response, "PUT", r.name)
                }
            }
            for (name, entry) in old.sorted(by: { $0.key < $1.key }) where !wanted.contains(name) {
                var headers: [(name: String, value: String)] = []
                if let etag = entry.etag, !force { headers.append(("If-Match", etag)) }
                let response = try send("DELETE", name, headers: headers, body: nil)
                switch response.status {
                case 200..<300, 404, 410:
                    report.deleted.append(name)
                    state.resources[name] = nil
                case 412: report.conflicts.append(name)
                default: throw failure(response, "DELETE", name)
                }
            }
        } catch let e as SubsError {
            return Outcome(report: report, state: state, error: e)
        } catch {
            return Outcome(report: report, state: state, error: SubsError(.failure, "\(error)"))
        }
        return Outcome(report: report, state: state, error: nil)
    }

    private func send(_ method: String, _ name: String, headers: [(name: String, value: String)], body: Data?) throws(SubsError) -> HTTPResponse {
        try client.send(HTTPRequest(method: method, url: collection + name, headers: headers, body: body, timeout: timeout, basicAuth: auth))
    }

    /// The ETag of a resource when the PUT response did not say it.
    private func etag(of name: String) throws(SubsError) -> String? {
        try send("HEAD", name, headers: [], body: nil).header("ETag")
    }

    private func failure(_ r: HTTPResponse, _ method: String, _ name: String) -> SubsError {
        switch r.status {
        case 401, 403:
            return SubsError(.unavailable, "the CalDAV server refused \(method) \(name) (\(r.status)); check --user and the password (SUBS_CALDAV_PASSWORD or the config file)")
        case 404, 405, 409:
            return SubsError(.unavailable, "the CalDAV server has no calendar at \(collection) (\(method) gave \(r.status)); create the calendar there first and give its URL")
        default:
            return SubsError(.unavailable, "the CalDAV server answered \(r.status) to \(method) \(name); check the URL \(collection)")
        }
    }
}

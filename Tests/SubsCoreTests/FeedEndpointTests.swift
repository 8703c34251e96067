import Foundation
import SubsCore
import Testing

@Suite struct FeedEndpointTests {
    let endpoint = FeedEndpoint(token: "abc123", allowTokenless: false)
    let version = FeedVersion(body: Data("BEGIN:VCALENDAR".utf8), lastModified: 1_800_000_000)

    func get(_ path: String, _ headers: [String: String] = [:], method: String = "GET") -> ServedResponse {
        endpoint.respond(to: ServedRequest(method: method, target: path, headers: headers)) { version }
    }

    @Test func servesOnlyTheTokenPathBeyondLoopback() {
        #expect(get("/abc123/subs.ics").status == 200)
        #expect(get("/abc123/subs.ics?x=1").status == 200)
        #expect(get("/subs.ics").status == 404)
        #expect(get("/abc124/subs.ics").status == 404)
        #expect(FeedEndpoint(token: "abc123", allowTokenless: true).isFeedPath("/subs.ics"))
    }

    @Test func conditionalRequests() {
        let ok = get("/abc123/subs.ics")
        #expect(ok.header("ETag") == version.etag)
        #expect(ok.header("Last-Modified") == "Fri, 15 Jan 2027 08:00:00 GMT")
        #expect(get("/abc123/subs.ics", ["if-none-match": version.etag]).status == 304)
        #expect(get("/abc123/subs.ics", ["if-none-match": "\"x\", \(version.etag)"]).status == 304)
        #expect(get("/abc123/subs.ics", ["if-modified-since": "Fri, 15 Jan 2027 08:00:00 GMT"]).status == 304)
        #expect(get("/abc123/subs.ics", ["if-modified-since": "Fri, 15 Jan 2027 07:59:59 GMT"]).status == 200)
        // If-None-Match wins over If-Modified-Since.
        #expect(get("/abc123/subs.ics", ["if-none-match": "\"x\"", "if-modified-since": "Fri, 15 Jan 2027 08:00:00 GMT"]).status == 200)
        #expect(get("/abc123/subs.ics", method: "HEAD").body.isEmpty)
        #expect(get("/abc123/subs.ics", method: "POST").status == 405)
    }

    @Test func httpDatesRoundTrip() {
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
    }
}

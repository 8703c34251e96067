import Foundation
import SubsCore
import Testing

/// The publish plan with a scripted server: which conditional requests go out, and what is remembered.
@Suite struct CalDAVPublisherTests {
    final class FakeServer: HTTPSending {
        var requests: [String] = []
        var answer: (HTTPRequest) -> HTTPResponse = { _ in HTTPResponse(status: 201, headers: [("ETag", "\"e1\"")], body: Data()) }
        func send(_ r: HTTPRequest) throws(SubsError) -> HTTPResponse {
            let condition = r.headers.first { $0.name.hasPrefix("If-") }.map { " \($0.name): \($0.value)" } ?? ""
            requests.append("\(r.method) \(r.url)\(condition)")
            return answer(r)
        }
    }

    let a = CalDAVResource(name: "a.ics", text: "A", label: "Alpha")
    let b = CalDAVResource(name: "b.ics", text: "B", label: "Beta")

    @Test func createsWithIfNoneMatchThenSendsOnlyChangesWithIfMatch() throws {
        let server = FakeServer()
        let publisher = CalDAVPublisher(collection: "http://dav/cal", auth: nil, client: server)
        let first = publisher.publish([a, b], previous: nil)
        #expect(first.error == nil)
        #expect(first.report.created == ["Alpha", "Beta"])
        #expect(server.requests == ["PUT http://dav/cal/a.ics If-None-Match: *", "PUT http://dav/cal/b.ics If-None-Match: *"])

        server.requests = []
        let changedA = CalDAVResource(name: "a.ics", text: "A2", label: "Alpha 2")
        let second = publisher.publish([changedA], previous: first.state)
        #expect(second.report.updated == ["Alpha 2"])
        #expect(second.report.deleted == ["b.ics"])
        #expect(server.requests == ["PUT http://dav/cal/a.ics If-Match: \"e1\"", "DELETE http://dav/cal/b.ics If-Match: \"e1\""])
        #expect(Set(second.state.resources.keys) == ["a.ics"])
        // The state survives its JSON form.
        #expect(try CalDAVPublishState(json: second.state.json) == second.state)
    }

    @Test func aFailureHalfwayKeepsWhatWasDone() {
        let server = FakeServer()
        server.answer = { r in
            r.url.hasSuffix("b.ics") ? HTTPResponse(status: 500, headers: [], body: Data()) : HTTPResponse(status: 201, headers: [("ETag", "\"x\"")], body: Data())
        }
        let outcome = CalDAVPublisher(collection: "http://dav/cal/", auth: nil, client: server).publish([a, b], previous: nil)
        #expect(outcome.error?.kind == .unavailable)
        #expect(Set(outcome.state.resources.keys) == ["a.ics"])
        #expect(outcome.report.created == ["Alpha"])
    }

    @Test func conflictsAreReportedNotOverwritten() {
        let server = FakeServer()
        server.answer = { _ in HTTPResponse(status: 412, headers: [], body: Data()) }
        let outcome = CalDAVPublisher(collection: "http://dav/cal/", auth: nil, client: server).publish([a], previous: nil)
        #expect(outcome.error == nil)
        #expect(outcome.report.conflicts == ["Alpha"])
        #expect(outcome.state.resources.isEmpty)
    }

    @Test func resourceNamesAreSafe() {
        #expect(CalDAVResource.name(forUID: "abc-1_2.x") == "abc-1_2.x.ics")
        #expect(CalDAVResource.name(forUID: "a/../b c") == "a_.._b_c.ics")
    }
}

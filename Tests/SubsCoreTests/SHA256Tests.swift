import Foundation
import Testing
import TestSupport

@testable import SubsCore

@Suite struct SHA256Tests {
    @Test func knownAnswersFromFIPS180() {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    /// Every length around the 55/56/64-byte padding boundaries and a few larger ones, against sha256sum.
    @Test func agreesWithSha256sum() throws {
        var rng = SystemRandomNumberGenerator()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sha-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var expected: [String: String] = [:]
        for length in Array(0...130) + [1000, 4095, 65_537, 1_000_003] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let name = "f\(length)"
            try Data(bytes).write(to: folder.appendingPathComponent(name))
            expected[name] = SHA256.hex(bytes)
        }
        let r = try SubsRunner.shell("cd '\(folder.path)' && sha256sum f*")
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == expected.count)
        for line in lines {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            #expect(expected[String(parts[1])] == String(parts[0]), "\(parts[1])")
        }
    }
}

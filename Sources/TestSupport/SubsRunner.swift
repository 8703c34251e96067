import Foundation

/// Runs the built `subs` binary in a throw-away HOME, as a user would, and captures what it prints.
/// Shared by every test target that checks real behaviour end to end.
public final class SubsRunner: @unchecked Sendable {
    public struct Result {
        public let stdout: String
        public let stderr: String
        public let status: Int32
    }

    public let home: URL
    public var environment: [String: String]

    /// - Parameter today: pins SUBS_TODAY so no test depends on the real date.
    public init(today: String = "2026-01-15") throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("subs-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        environment = [
            "HOME": home.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "SUBS_TODAY": today, "LANG": "C.UTF-8", "TZ": "UTC",
        ]
    }

    deinit { try? FileManager.default.removeItem(at: home) }

    public var databasePath: String { home.path + "/.local/share/subs/subs.db" }

    /// The built binary: next to the test bundle, or $SUBS_BIN.
    public static var binary: URL {
        if let bin = ProcessInfo.processInfo.environment["SUBS_BIN"] { return URL(fileURLWithPath: bin) }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // swift-testing may run from inside the .xctest bundle folder.
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("subs").path) && dir.path != "/" {
            dir.deleteLastPathComponent()
        }
        return dir.appendingPathComponent("subs")
    }

    @discardableResult
    public func run(_ arguments: [String], stdin: String? = nil, extraEnvironment: [String: String] = [:]) throws -> Result {
        try SubsRunner.run(executable: SubsRunner.binary, arguments, environment: environment.merging(extraEnvironment) { $1 }, directory: home, stdin: stdin)
    }

    /// Runs any program and captures its output (stdout and stderr read concurrently, so neither pipe fills).
    public static func run(
        executable: URL, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil, stdin: String? = nil
    ) throws -> Result {
        let p = Process()
        p.executableURL = executable
        p.arguments = arguments
        if let environment { p.environment = environment }
        if let directory { p.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe(), input = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitUntilExit()
        return Result(stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self), status: p.terminationStatus)
    }

    /// Runs a shell command line (for sqlite3, python3 and other independent tools).
    @discardableResult
    public static func shell(_ command: String, stdin: String? = nil, environment: [String: String]? = nil) throws -> Result {
        try run(executable: URL(fileURLWithPath: "/bin/sh"), ["-c", command], environment: environment, stdin: stdin)
    }
}

/// Compares long output with a golden file under `Tests/<target>/Golden/`; RECORD_GOLDEN=1 rewrites it.
public enum Golden {
    public static func check(_ actual: String, file name: String, testFile: String = #filePath) throws -> String? {
        let url = URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("Golden/\(name)")
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return nil
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            return "golden file \(url.path) is missing; run with RECORD_GOLDEN=1 to create it"
        }
        return expected == actual ? nil : "output differs from \(url.path):\n--- expected\n\(expected)\n--- actual\n\(actual)"
    }
}

import Foundation
import SubsCore
import SubsStore

/// `$XDG_CONFIG_HOME/subs/subs.conf`: `key = value` lines for what must not live in the database
/// (the CalDAV password, the feed server's URL token, the AI endpoint and its key: `llm.url`, `llm.model`,
/// `llm.api_key`, `llm.timeout`). Read only when its mode is 0600 or stricter.
package struct ConfigFile {
    package let path: String

    package static func user(_ env: [String: String]) -> ConfigFile {
        let base = env["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? ((env["HOME"] ?? NSHomeDirectory()) + "/.config")
        return ConfigFile(path: base + "/subs/subs.conf")
    }

    /// Every key and value; empty when the file does not exist.
    package func values() throws -> [String: String] {
        var info = stat()
        guard stat(path, &info) == 0 else { return [:] }
        if info.st_mode & 0o077 != 0 {
            throw SubsError(.usage, "\(path) may hold a password but others can read it; run: chmod 600 \(path)")
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw SubsError(.noInput, "cannot read \(path); check its permissions")
        }
        var result: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let t = line.trimmingCharacters(in: .whitespaces)
            guard !t.isEmpty, !t.hasPrefix("#"), let eq = t.firstIndex(of: "=") else { continue }
            result[t[..<eq].trimmingCharacters(in: .whitespaces)] = t[t.index(after: eq)...].trimmingCharacters(in: .whitespaces)
        }
        return result
    }

    /// Sets one key, keeping the other lines; the file is (re)written atomically with mode 0600.
    func set(_ key: String, _ value: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        _ = try values()  // refuses a file others can read
        let old = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "# subs: secrets kept out of the database (mode 0600)\n"
        var lines = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        lines.removeAll { $0.split(separator: "=", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces) == key }
        lines.append("\(key) = \(value)")
        try AtomicFile.write(Data((lines.joined(separator: "\n") + "\n").utf8), to: path, mode: 0o600)
    }
}

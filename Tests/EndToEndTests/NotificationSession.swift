import Foundation
import TestSupport

/// A real notification server for a test: scripts/notification-session (dbus-run-session, Xvfb, dunst,
/// dbus-monitor). What it received is read back from dbus-monitor's capture and `dunstctl history`.
struct NotificationSession {
    /// One Notify call as the server received it.
    struct Call: Equatable, CustomStringConvertible {
        var appName = ""
        var icon = ""
        var summary = ""
        var body = ""
        var actions: [String] = []
        /// 0 low, 1 normal, 2 critical.
        var urgency: Int?
        var timeout: Int?
        var description: String { "\(appName)|\(summary)|\(body)|urgency \(urgency ?? -1)|timeout \(timeout ?? -2)|\(actions)" }
    }

    let folder: URL
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../scripts").standardizedFileURL.path
    static let script = scripts + "/notification-session"

    init(in home: URL) throws {
        folder = home.appendingPathComponent("session")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Runs `shellScript` (sh) inside the session with `$SUBS` set to the binary; returns its result.
    @discardableResult
    func run(_ shellScript: String, environment: [String: String], dunstrc: String? = nil) throws -> SubsRunner.Result {
        if let dunstrc { try dunstrc.write(to: folder.appendingPathComponent("dunstrc"), atomically: true, encoding: .utf8) }
        var env = environment
        env["SUBS"] = SubsRunner.binary.path
        env.removeValue(forKey: "DBUS_SESSION_BUS_ADDRESS")
        env.removeValue(forKey: "DISPLAY")
        return try SubsRunner.run(
            executable: URL(fileURLWithPath: NotificationSession.scripts + "/with-clean-signals"),
            ["timeout", "60", NotificationSession.script, folder.path, "/bin/sh", "-c", shellScript], environment: env)
    }

    /// The Notify calls dbus-monitor saw, in order.
    func calls() throws -> [Call] {
        let text = try String(contentsOf: folder.appendingPathComponent("monitor.txt"), encoding: .utf8)
        var calls: [Call] = []
        for chunk in text.components(separatedBy: "member=Notify\n").dropFirst() {
            let lines = chunk.components(separatedBy: "\n").prefix { !$0.hasPrefix("method call") && !$0.hasPrefix("signal") }
                .map { $0 }
            var strings: [String] = []
            var call = Call()
            var inActions = false
            var arrays = 0
            var i = 0
            while i < lines.count {
                let t = lines[i].trimmingCharacters(in: .whitespaces)
                i += 1
                if t == "array [" { arrays += 1; inActions = arrays == 1; continue }
                if t == "]" { inActions = false; continue }
                if t.hasPrefix("string \"") {
                    // dbus-monitor prints newlines inside strings as they are.
                    var text = String(t.dropFirst("string \"".count))
                    while !text.hasSuffix("\"") && i < lines.count { text += "\n" + lines[i]; i += 1 }
                    let s = String(text.dropLast())
                    if inActions { call.actions.append(s) } else if arrays == 0 { strings.append(s) }
                    if s == "urgency", i < lines.count, let b = lines[i].split(separator: " ").last { call.urgency = Int(b) }
                }
                if arrays == 2 && t.hasPrefix("int32 ") { call.timeout = Int(t.dropFirst("int32 ".count)) }
            }
            if strings.count >= 4 {
                (call.appName, call.icon, call.summary, call.body) = (strings[0], strings[1], strings[2], strings[3])
            }
            calls.append(call)
        }
        return calls
    }

    /// `dunstctl history`: what dunst itself kept (app name, summary, body).
    func history() throws -> [(appName: String, summary: String, body: String)] {
        let data = try Data(contentsOf: folder.appendingPathComponent("history.json"))
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let outer = root["data"] as? [[[String: Any]]], let items = outer.first
        else { return [] }
        func value(_ item: [String: Any], _ key: String) -> String { (item[key] as? [String: Any])?["data"] as? String ?? "" }
        return items.map { (value($0, "appname"), value($0, "summary"), value($0, "body")) }
    }
}

import CNotify
import Foundation
import SubsCore

/// The only file that sees libnotify and GLib: desktop notifications over the session bus, the answers
/// to their actions, and a wait that keeps GLib's main context running (where those answers arrive).
public final class DesktopNotifier {
    public struct Server: Sendable {
        public let name: String
        public let vendor: String
        public let version: String
        public let capabilities: [String]
        public var supportsActions: Bool { capabilities.contains("actions") }
        public var supportsBodyMarkup: Bool { capabilities.contains("body-markup") }
    }

    /// What the user chose on a notification: snooze it a day or mark it done.
    public struct Answer: Sendable {
        public enum Action: String, Sendable { case snooze, done }
        public let action: Action
        public let reminders: [Reminder]
    }

    public static let appName = "subs"
    public static let icon = "appointment-soon"
    /// Milliseconds a normal notification stays; critical ones stay until dismissed.
    public static let normalTimeout: Int32 = 15_000
    public static let summaryTimeout: Int32 = 30_000

    public let server: Server
    private let withActions: Bool
    fileprivate var answers: [Answer] = []
    /// Notifications kept alive so their actions can still be answered (newest last, bounded).
    private var shown: [UnsafeMutablePointer<NotifyNotification>] = []
    private static let keepShown = 64

    /// Connects to the notification server on the session bus.
    /// - Parameter withActions: offer "Snooze 1 day" and "Done" where the server supports actions; only
    ///   useful to a process that stays to hear the answer (the daemon).
    /// - Throws: `.unavailable` naming what is missing (bus or server) and what to do.
    public init(withActions: Bool = false) throws(SubsError) {
        if notify_is_initted() == 0 && notify_init(DesktopNotifier.appName) == 0 {
            throw SubsError(.unavailable, "cannot initialise libnotify; use --via stdout or --via command")
        }
        var name: UnsafeMutablePointer<CChar>?
        var vendor: UnsafeMutablePointer<CChar>?
        var version: UnsafeMutablePointer<CChar>?
        var spec: UnsafeMutablePointer<CChar>?
        guard notify_get_server_info(&name, &vendor, &version, &spec) != 0 else {
            throw DesktopNotifier.whyUnavailable()
        }
        func take(_ p: UnsafeMutablePointer<CChar>?) -> String {
            defer { g_free(p) }
            return p.map { String(cString: $0) } ?? ""
        }
        var caps: [String] = []
        if let list = notify_get_server_caps() {
            var node: UnsafeMutablePointer<GList>? = list
            while let n = node {
                if let data = n.pointee.data { caps.append(String(cString: data.assumingMemoryBound(to: CChar.self))) }
                node = n.pointee.next
            }
            g_list_free_full(list, g_free)
        }
        server = Server(name: take(name), vendor: take(vendor), version: take(version), capabilities: caps)
        _ = take(spec)
        self.withActions = withActions
    }

    deinit {
        for n in shown { g_object_unref(n) }
    }

    /// Tells a missing session bus from a missing notification server.
    private static func whyUnavailable() -> SubsError {
        var error: UnsafeMutablePointer<GError>?
        if let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) {
            g_object_unref(UnsafeMutableRawPointer(bus))
            return SubsError(.unavailable, "no notification server on the session bus; start one (dunst, your desktop's) or use --via stdout or --via command")
        }
        let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
        g_error_free(error)
        return SubsError(.unavailable, "no D-Bus session bus (\(reason)); run subs inside your desktop session (or set DBUS_SESSION_BUS_ADDRESS), or use --via stdout or --via command")
    }

    /// Shows one notification: app name `subs`, an icon, the urgency, an expiry, and the actions when offered.
    public func show(_ n: ReminderNotification) throws(SubsError) {
        let body = server.supportsBodyMarkup ? DesktopNotifier.escapeMarkup(n.body) : n.body
        guard let note = notify_notification_new(n.summary, body, DesktopNotifier.icon) else {
            throw SubsError(.failure, "cannot create a notification (out of memory)")
        }
        notify_notification_set_app_name(note, DesktopNotifier.appName)
        notify_notification_set_category(note, "x-subs.reminder")
        switch n.urgency {
        case .low: notify_notification_set_urgency(note, NOTIFY_URGENCY_LOW)
        case .normal: notify_notification_set_urgency(note, NOTIFY_URGENCY_NORMAL)
        case .critical: notify_notification_set_urgency(note, NOTIFY_URGENCY_CRITICAL)
        }
        let timeout = n.urgency == .critical
            ? subs_notify_expires_never() : n.isSummary ? DesktopNotifier.summaryTimeout : DesktopNotifier.normalTimeout
        notify_notification_set_timeout(note, timeout)
        if withActions && server.supportsActions && !n.isSummary {
            for (key, label) in [("snooze", "Snooze 1 day"), ("done", "Done")] {
                let box = Unmanaged.passRetained(ActionBox(notifier: self, reminders: n.reminders)).toOpaque()
                notify_notification_add_action(
                    note, key, label,
                    { _, action, data in
                        guard let data, let action else { return }
                        let box = Unmanaged<ActionBox>.fromOpaque(data).takeUnretainedValue()
                        guard let kind = Answer.Action(rawValue: String(cString: action)) else { return }
                        box.notifier?.answers.append(Answer(action: kind, reminders: box.reminders))
                    }, box,
                    { data in if let data { Unmanaged<ActionBox>.fromOpaque(data).release() } })
            }
        }
        var error: UnsafeMutablePointer<GError>?
        guard notify_notification_show(note, &error) != 0 else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_error_free(error)
            g_object_unref(note)
            throw SubsError(.unavailable, "the notification server refused a notification (\(reason)); use --via stdout or --via command")
        }
        shown.append(note)
        if shown.count > DesktopNotifier.keepShown { g_object_unref(shown.removeFirst()) }
    }

    /// The answers given since the last call.
    public func takeAnswers() -> [Answer] {
        defer { answers.removeAll() }
        return answers
    }

    public var hasAnswers: Bool { !answers.isEmpty }

    static func escapeMarkup(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    private final class ActionBox {
        weak var notifier: DesktopNotifier?
        let reminders: [Reminder]
        init(notifier: DesktopNotifier, reminders: [Reminder]) {
            self.notifier = notifier
            self.reminders = reminders
        }
    }
}

/// Waiting in GLib's main context, so notification answers are dispatched while the daemon sleeps.
public enum EventWait {
    private final class State {
        var ready: [Int32] = []
        var timedOut = false
    }

    /// Waits until one of `fds` is readable, `seconds` have passed, or `stop()` turns true after an event
    /// was dispatched. Returns the readable descriptors.
    ///
    /// One thread at a time waits: GLib's default context dispatches any thread's sources, so two
    /// waiting threads (the test runner's) ran each other's callbacks as their sources were removed.
    public static func wait(fds: [Int32], seconds: Double, stop: () -> Bool = { false }) -> [Int32] {
        defaultContextLock.lock()
        defer { defaultContextLock.unlock() }
        let state = State()
        // Each source holds the state until GLib lets the source go.
        func retained() -> UnsafeMutableRawPointer { Unmanaged.passRetained(state).toOpaque() }
        let release: GDestroyNotify = { data in Unmanaged<State>.fromOpaque(data!).release() }
        let condition = GIOCondition(G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue)
        let sources = fds.map { fd in
            g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, condition, { fd, _, data in
                let state = Unmanaged<State>.fromOpaque(data!).takeUnretainedValue()
                if !state.ready.contains(fd) { state.ready.append(fd) }
                return 1  // G_SOURCE_CONTINUE: removed below
            }, retained(), release)
        }
        let ms = guint(max(0, min(seconds, 86_400)) * 1000)
        let timer = g_timeout_add_full(G_PRIORITY_DEFAULT, ms, { data in
            Unmanaged<State>.fromOpaque(data!).takeUnretainedValue().timedOut = true
            return 0  // G_SOURCE_REMOVE
        }, retained(), release)
        while state.ready.isEmpty && !state.timedOut && !stop() {
            g_main_context_iteration(nil, 1)
        }
        for s in sources { g_source_remove(s) }
        if !state.timedOut { g_source_remove(timer) }
        return state.ready
    }

    private static let defaultContextLock = NSLock()
}

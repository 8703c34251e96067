import Foundation
import SubsCLI

/// A one-line progress note on stderr while OCR runs; only on a terminal.
final class Progress: @unchecked Sendable {
    let enabled: Bool
    var file = ""
    private let lock = NSLock()

    /// Shown only when stderr is a terminal that can redraw a line.
    init(_ ctx: Context) { enabled = isatty(STDERR_FILENO) == 1 && ctx.environment["TERM"] != "dumb" }

    func show(_ step: String) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        FileHandle.standardError.write(Data("\r\u{1B}[Kscanning \(file): \(step)…".utf8))
    }

    /// "scanning PATH [=========>          ] 4200/10000 messages"; a count alone when the total is unknown.
    func bar(_ done: Int, of total: Int, _ unit: String) {
        guard total > 0 else { return show("\(done) \(unit)") }
        let width = 30
        let filled = min(width, done * width / total)
        let bar = String(repeating: "=", count: filled) + (filled < width ? ">" : "") + String(repeating: " ", count: max(0, width - filled - 1))
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        FileHandle.standardError.write(Data("\r\u{1B}[Kscanning \(file) [\(bar)] \(min(done, total))/\(total) \(unit)".utf8))
    }

    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

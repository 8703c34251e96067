import ArgumentParser
import Foundation
import SubsCore

/// Commands that need a library only `subs-full` links: scanning (Tesseract, Poppler, libheif),
/// the network (libcurl) or desktop notifications (libnotify).
///
/// subs is two executables built from this one command tree. `subs` links SQLite and libical only, so the
/// everyday commands start in a few milliseconds; loading the other libraries costs about 60 ms per process
/// (the dynamic linker resolving symbols across a hundred shared objects), whether a command uses them or not.
/// For a command of this kind, `subs` replaces itself with `subs-full` (same arguments, environment and open
/// files) right after parsing, before it reads or writes anything.
package protocol FullBuildCommand: ParsableCommand {
    /// False when these options need none of the full build's libraries.
    var needsFullBuild: Bool { get }
}

extension FullBuildCommand {
    package var needsFullBuild: Bool { true }
}

package enum FullBuild {
    /// What only `subs-full` has, installed by its entry point before anything is parsed.
    package struct Parts: Sendable {
        /// An HTTP client (libcurl).
        package var http: @Sendable () -> any HTTPSending
        /// Runs the work of a command whose code lives in the full build's own module (SubsCLIFull).
        package var run: @Sendable (any FullBuildCommand) throws -> Void

        package init(http: @escaping @Sendable () -> any HTTPSending, run: @escaping @Sendable (any FullBuildCommand) throws -> Void) {
            self.http = http
            self.run = run
        }
    }

    nonisolated(unsafe) package static var parts: Parts?

    package static let executableName = "subs-full"

    /// The HTTP client; only reachable from a `FullBuildCommand`, which runs in the full build.
    package static func http() throws -> any HTTPSending {
        guard let parts else { throw missing }
        return parts.http()
    }

    /// Runs a command whose work is in SubsCLIFull, which only the full build links.
    package static func run(_ command: any FullBuildCommand) throws {
        guard let parts else { throw missing }
        try parts.run(command)
    }

    /// Runs `command` in `subs-full` when it needs it and this is not it. Returns only when nothing is to do.
    static func handOffIfNeeded(_ command: any ParsableCommand) throws {
        guard parts == nil, let command = command as? any FullBuildCommand, command.needsFullBuild else { return }
        guard let path = executablePath() else { throw missing }
        // Whatever was printed so far would be lost with the process image.
        fflush(nil)
        execv(path, CommandLine.unsafeArgv)
        throw SubsError(.unavailable, "cannot run \(path): \(String(cString: strerror(errno))); reinstall subs (make install)")
    }

    /// Next to this executable (a build folder, or bin/ with both installed), else in ../libexec/subs/.
    static func executablePath() -> String? {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let folder = URL(fileURLWithPath: own).deletingLastPathComponent()
        return [
            folder.appendingPathComponent(executableName).path,
            folder.appendingPathComponent("../libexec/subs/\(executableName)").standardizedFileURL.path,
        ].first { access($0, X_OK) == 0 }
    }

    static var missing: SubsError {
        SubsError(
            .unavailable,
            "this command needs \(executableName) (subs with the scanning, network and notification libraries), "
                + "which is not installed next to subs or in ../libexec/subs; reinstall subs (make install)")
    }
}

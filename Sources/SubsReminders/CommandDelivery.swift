import Foundation
import SubsCore

/// Hands each reminder to a user's program (`--command 'CMD'`, run by /bin/sh): the reminder as one line of
/// JSON on stdin and as SUBS_* environment variables. A reminder counts as delivered when the program exits 0.
///
/// Started with posix_spawn in its own process group, with a clean signal mask (Foundation's Process would pass
/// on blocked signals and wait for grandchildren), so a program that overstays its timeout is stopped with
/// everything it started.
public struct CommandDelivery {
    public let command: String
    public let environment: [String: String]
    /// A program that takes longer is stopped and the reminder stays due.
    public let timeoutSeconds: Double

    public init(command: String, environment: [String: String] = ProcessInfo.processInfo.environment, timeoutSeconds: Double = 60) {
        self.command = command
        self.environment = environment
        self.timeoutSeconds = timeoutSeconds
    }

    /// Runs the command once per reminder of `n`, in order.
    public func deliver(_ n: ReminderNotification) throws(SubsError) {
        for r in n.reminders { try deliver(r) }
    }

    public func deliver(_ r: Reminder) throws(SubsError) {
        let env = environment.merging(ReminderRecord.environment(r)) { $1 }
        let status = try run(stdin: ReminderRecord.json(r).serialized() + "\n", environment: env)
        switch status {
        case .exited(0): return
        case .exited(let code):
            throw SubsError(.failure, "--command '\(command)' failed (status \(code)) for '\(r.summary)'; the reminder stays due")
        case .signalled(let sig):
            throw SubsError(.failure, "--command '\(command)' was killed by signal \(sig) for '\(r.summary)'; the reminder stays due")
        case .timedOut:
            throw SubsError(.failure, "--command '\(command)' took more than \(Int(timeoutSeconds.rounded(.up))) s for '\(r.summary)' and was stopped; the reminder stays due")
        }
    }

    enum Status: Equatable { case exited(Int32), signalled(Int32), timedOut }

    func run(stdin text: String, environment env: [String: String]) throws(SubsError) -> Status {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw SubsError(.failure, "cannot run --command: \(String(cString: strerror(errno)))") }
        let (readEnd, writeEnd) = (fds[0], fds[1])

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, readEnd, 0)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        let argv: [UnsafeMutablePointer<CChar>?] = ["/bin/sh", "-c", command].map { (s: String) in strdup(s) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { (k, v) in strdup("\(k)=\(v)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        close(readEnd)
        guard rc == 0 else {
            close(writeEnd)
            throw SubsError(.failure, "cannot run --command '\(command)': \(String(cString: strerror(rc)))")
        }
        // A program that does not read its stdin must not stop us: a closed pipe is ignored.
        signal(SIGPIPE, SIG_IGN)
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            offset += n
        }
        close(writeEnd)

        let deadline = Date().addingTimeInterval(timeoutSeconds)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() >= deadline {
                kill(-pid, SIGTERM)
                let grace = Date().addingTimeInterval(1)
                while waitpid(pid, &status, WNOHANG) == 0 {
                    if Date() >= grace {
                        kill(-pid, SIGKILL)
                        waitpid(pid, &status, 0)
                        break
                    }
                    usleep(10_000)
                }
                kill(-pid, SIGKILL)  // whatever it started
                return .timedOut
            }
            usleep(5_000)
        }
        let signalNumber = status & 0x7f
        return signalNumber == 0 ? .exited((status >> 8) & 0xff) : .signalled(signalNumber)
    }
}

import Foundation
import SubsCore

/// Hands each reminder to a user's program (`--command 'CMD'`, run by /bin/sh): the reminder as one line of
/// JSON on stdin and as SUBS_* environment variables. A reminder counts as delivered when the program exits 0.
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
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", command]
        p.environment = environment.merging(ReminderRecord.environment(r)) { $1 }
        let input = Pipe()
        p.standardInput = input
        let done = DispatchSemaphore(value: 0)
        p.terminationHandler = { _ in done.signal() }
        do {
            try p.run()
        } catch {
            throw SubsError(.failure, "cannot run --command '\(command)': \(error.localizedDescription)")
        }
        // A program that does not read its stdin must not block us: write, ignoring a closed pipe.
        signal(SIGPIPE, SIG_IGN)
        let json = ReminderRecord.json(r).serialized() + "\n"
        try? input.fileHandleForWriting.write(contentsOf: Data(json.utf8))
        try? input.fileHandleForWriting.close()
        if done.wait(timeout: .now() + timeoutSeconds) == .timedOut {
            p.terminate()
            done.wait()
            throw SubsError(.failure, "--command '\(command)' took more than \(Int(timeoutSeconds)) s for '\(r.summary)' and was stopped; the reminder stays due")
        }
        guard p.terminationReason == .exit && p.terminationStatus == 0 else {
            throw SubsError(.failure, "--command '\(command)' failed (status \(p.terminationStatus)) for '\(r.summary)'; the reminder stays due")
        }
    }
}

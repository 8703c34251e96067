import ArgumentParser
import SubsCore

/// pause, resume and cancel: the same command with another target status.
protocol StatusCommand: ParsableCommand {
    static var target: Status { get }
    static var verb: String { get }
    var global: GlobalOptions { get }
    var subscription: String { get }
}

extension StatusCommand {
    func run() throws {
        let ctx = try Context(global)
        let store = try ctx.openStore()
        let (before, after) = try store.write { tx in
            let s = try ctx.ledger.find(subscription, in: try tx.subscriptions())
            let changed = try ctx.ledger.setStatus(Self.target, of: s)
            if changed != s { try tx.update(changed) }
            return (s, changed)
        }
        print(before == after ? "\(after.name) is already \(after.status.rawValue)." : "\(Self.verb) \(after.name) (id \(after.id)).")
    }
}

extension SubsCommand {
    struct Pause: StatusCommand {
        static let configuration = CommandConfiguration(commandName: "pause", abstract: "Pause a subscription: it charges nothing until resumed.")
        static let target = Status.paused
        static let verb = "Paused"
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Id or name.") var subscription: String
    }

    struct Resume: StatusCommand {
        static let configuration = CommandConfiguration(commandName: "resume", abstract: "Resume a paused or cancelled subscription.")
        static let target = Status.active
        static let verb = "Resumed"
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Id or name.") var subscription: String
    }

    struct Cancel: StatusCommand {
        static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Cancel a subscription: no charges from today; its history stays.")
        static let target = Status.cancelled
        static let verb = "Cancelled"
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Id or name.") var subscription: String
    }
}

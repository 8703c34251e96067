import ArgumentParser
import Foundation
import SubsCore
import SubsSchedule

extension SubsCommand {
    struct ScheduleCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "schedule",
            abstract: "Run 'subs remind' every day: a systemd user timer or a crontab line.",
            subcommands: [Install.self, Uninstall.self, Status.self],
            defaultSubcommand: Status.self)

        static func installer(_ ctx: Context) -> ScheduleInstaller {
            let db = URL(fileURLWithPath: ctx.databasePath).standardizedFileURL.path
            return ScheduleInstaller(environment: ctx.environment, database: db)
        }

        struct Install: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "install",
                abstract: "Install the daily run (running it again is harmless).",
                discussion: """
                    --systemd writes subs-remind.service and subs-remind.timer (OnCalendar, Persistent=true: a run \
                    missed while the machine was off happens at the next boot) into $XDG_CONFIG_HOME/systemd/user/. \
                    --cron adds one marked line to your crontab and leaves the other lines alone. \
                    Default: systemd when the machine runs it, else cron.
                    """)

            @OptionGroup var global: GlobalOptions
            @Flag(help: "Use a systemd user timer.") var systemd = false
            @Flag(help: "Use a line in your crontab.") var cron = false
            @Option(help: ArgumentHelp("Time of day (HH:MM).", valueName: "time")) var at = "09:00"

            func validate() throws {
                if systemd && cron { throw ValidationError("give --systemd or --cron, not both") }
            }

            func run() throws {
                let ctx = try Context(global)
                let time = try TimeOfDay.parse(at)
                let installer = ScheduleCommand.installer(ctx)
                let method: ScheduleInstaller.Method = systemd ? .systemd : cron ? .cron : try installer.defaultMethod()
                switch method {
                case .systemd:
                    let changed = try installer.installSystemd(at: time)
                    print(changed
                        ? "Installed \(installer.timerPath) (daily at \(time)) and \(installer.servicePath)."
                        : "Already installed: \(installer.timerPath) (daily at \(time)).")
                    print("Enable it with: systemctl --user daemon-reload && systemctl --user enable --now \(ReminderTimer.timerName)")
                case .cron:
                    let changed = try installer.installCron(at: time)
                    print(changed ? "Added to your crontab: subs remind, daily at \(time)." : "Already in your crontab: subs remind, daily at \(time).")
                }
            }
        }

        struct Uninstall: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "uninstall", abstract: "Remove the daily run (systemd units and crontab line).")
            @OptionGroup var global: GlobalOptions

            func run() throws {
                let ctx = try Context(global)
                let installer = ScheduleCommand.installer(ctx)
                let removed = try installer.uninstallSystemd()
                if !removed.isEmpty {
                    print("Removed \(removed.joined(separator: " and ")).")
                    print("Then run: systemctl --user disable --now \(ReminderTimer.timerName); systemctl --user daemon-reload")
                }
                var cronRemoved = false
                if installer.which("crontab") != nil { cronRemoved = try installer.uninstallCron() }
                if cronRemoved { print("Removed the subs line from your crontab.") }
                if removed.isEmpty && !cronRemoved { print("Nothing to remove: no subs timer or crontab line is installed.") }
            }
        }

        struct Status: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "status", abstract: "Show whether and how the daily run is installed.")
            @OptionGroup var global: GlobalOptions

            func run() throws {
                let ctx = try Context(global)
                let installer = ScheduleCommand.installer(ctx)
                var any = false
                if let time = installer.systemdTime() {
                    any = true
                    let state = installer.systemdState().map { " (systemctl: \($0))" } ?? ""
                    print("systemd: \(installer.timerPath), daily at \(time)\(state)")
                }
                if installer.which("crontab") != nil, let time = ReminderTimer.cronTime(in: (try? installer.readCrontab()) ?? "") {
                    any = true
                    print("cron: crontab line, daily at \(time)")
                }
                if !any { print("Not installed. Install with: subs schedule install [--systemd|--cron] [--at HH:MM]") }
            }
        }
    }
}

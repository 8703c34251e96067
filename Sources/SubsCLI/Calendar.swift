import ArgumentParser

extension SubsCommand {
    struct Calendar: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "calendar",
            abstract: "An iCalendar feed of every charge, for calendar apps.",
            discussion: """
                export writes the feed once; enable keeps a feed file current after every change (subscribe to it \
                as a file, or sync it); serve offers it over HTTP for apps that subscribe by URL; publish puts it \
                on a CalDAV server (Nextcloud, Radicale, Fastmail...), which cloud calendars can reach.
                """,
            subcommands: [
                CalendarExport.self, CalendarEnable.self, CalendarDisable.self, CalendarStatus.self, CalendarServe.self,
                CalendarPublish.self,
            ])
    }
}

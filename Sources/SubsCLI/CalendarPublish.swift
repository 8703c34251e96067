import ArgumentParser
import Foundation
import SubsCalendar
import SubsCore

extension SubsCommand.Calendar {
    struct CalendarPublish: FullBuildCommand {
        static let configuration = CommandConfiguration(
            commandName: "publish",
            abstract: "Put the feed on a CalDAV server, one event per resource; only what changed is sent.",
            discussion: """
                The password comes from SUBS_CALDAV_PASSWORD, else from caldav_password in \
                $XDG_CONFIG_HOME/subs/subs.conf (mode 0600). That file may also hold caldav_url and caldav_user, \
                so a plain 'subs calendar publish' works. Creates use If-None-Match: *, updates and deletes If-Match, \
                so events changed on the server meanwhile are reported and left alone (--force overwrites them). \
                Resources of removed subscriptions are deleted.
                """,
            aliases: ["push"])

        @OptionGroup var global: GlobalOptions
        @Option(help: ArgumentHelp("The calendar collection's URL, like https://dav.example.com/user/subs/.", valueName: "url")) var url: String?
        @Option(help: ArgumentHelp("User name for the server.", valueName: "name")) var user: String?
        @Flag(help: "Overwrite events changed on the server (or not made by this database).") var force = false
        @Option(help: ArgumentHelp("Seconds each request may take.", valueName: "seconds")) var timeout = 30.0
        @Flag(help: "Print what changed as JSON.") var json = false

        func run() throws {
            let ctx = try Context(global)
            let config = ConfigFile.user(ctx.environment)
            let file = try config.values()
            guard let collection = url ?? file["caldav_url"], !collection.isEmpty else {
                throw SubsError.usage("give the calendar's URL with --url (or caldav_url in \(config.path))")
            }
            guard collection.hasPrefix("http://") || collection.hasPrefix("https://") else {
                throw SubsError.usage("--url must be an http:// or https:// CalDAV collection URL")
            }
            if HTTPRequest.redacted(collection) != collection {
                throw SubsError.usage("put no user or password in the URL; use --user and SUBS_CALDAV_PASSWORD (or \(config.path), mode 0600)")
            }
            var auth: (user: String, password: String)?
            if let name = user ?? file["caldav_user"], !name.isEmpty {
                guard let password = ctx.environment["SUBS_CALDAV_PASSWORD"].flatMap({ $0.isEmpty ? nil : $0 }) ?? file["caldav_password"] else {
                    throw SubsError.usage("no password for \(name): set SUBS_CALDAV_PASSWORD, or caldav_password = ... in \(config.path) (mode 0600)")
                }
                auth = (name, password)
            }
            guard timeout > 0 else { throw SubsError.usage("--timeout must be more than 0 seconds") }

            let store = try ctx.openStore()
            let (feed, previous) = try store.read { tx in
                (CalendarFeedBuilder.feed(try tx.subscriptions(), settings: try Settings.load(from: tx), today: ctx.today),
                 try tx.setting(CalendarSettings.publishStateKey).flatMap { try? CalDAVPublishState(json: $0) })
            }
            let resources = feed.events.map {
                CalDAVResource(name: CalDAVResource.name(forUID: $0.uid), text: ICalendar.serialize(resource: $0), label: $0.summary)
            }
            let publisher = CalDAVPublisher(collection: collection, auth: auth, client: try FullBuild.http(), timeout: timeout, force: force)
            let outcome = publisher.publish(resources, previous: previous)
            // Keep what the server now holds, even after a failure halfway. A first attempt at another URL
            // that put nothing there does not replace the state of the collection published before.
            if outcome.state != previous && (!outcome.state.resources.isEmpty || outcome.state.url == previous?.url) {
                try store.write { tx in try tx.setSetting(CalendarSettings.publishStateKey, to: outcome.state.json) }
            }
            let r = outcome.report
            if json {
                ctx.output.printJSON(.object([
                    ("url", .string(publisher.collection)),
                    ("created", .array(r.created.map { .string($0) })), ("updated", .array(r.updated.map { .string($0) })),
                    ("deleted", .array(r.deleted.map { .string($0) })), ("unchanged", .int(r.unchanged)),
                    ("conflicts", .array(r.conflicts.map { .string($0) })),
                ]))
            } else {
                for c in r.created { print("created  \(c)") }
                for u in r.updated { print("updated  \(u)") }
                for d in r.deleted { print("deleted  \(d)") }
                for c in r.conflicts { print("conflict \(c)") }
                if outcome.error == nil { Output.note("Published to \(publisher.collection): \(r.created.count) created, \(r.updated.count) updated, \(r.deleted.count) deleted, \(r.unchanged) unchanged.") }
            }
            if let error = outcome.error { throw error }
            if !r.conflicts.isEmpty {
                throw SubsError.conflict("\(r.conflicts.count) events changed on the server since the last publish (or were not made by subs) and were left alone; --force overwrites them")
            }
        }
    }
}

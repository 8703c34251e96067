// swift-tools-version:6.0
import PackageDescription

// Data flows one way: subs (entry point) -> SubsCLI (parsing, rendering) -> SubsCore (domain, pure Swift)
// <- adapters (SubsStore, ...) that implement SubsCore's protocols over C system libraries.
let package = Package(
    name: "subs",
    platforms: [.macOS(.v13)],
    products: [
        // `subs` links SQLite and libical only, to start fast; `subs-full` is the same command tree with the
        // scanning, network and notification libraries, and `subs` hands those commands to it (FullBuild.swift).
        .executable(name: "subs", targets: ["subs"]),
        .executable(name: "subs-full", targets: ["subs-full"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // C system libraries: a modulemap and a shim header each.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(
            name: "CTesseract", pkgConfig: "tesseract",
            providers: [.apt(["libtesseract-dev", "libleptonica-dev"])]),
        .systemLibrary(
            name: "CPoppler", pkgConfig: "poppler-glib",
            providers: [.apt(["libpoppler-glib-dev", "libcairo2-dev"])]),
        // Types only: libheif is opened on the first HEIC (Heif.swift), not linked.
        .systemLibrary(name: "CHeif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CICal", pkgConfig: "libical", providers: [.apt(["libical-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CNotify", pkgConfig: "libnotify", providers: [.apt(["libnotify-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CLibOFX", pkgConfig: "libofx", providers: [.apt(["libofx-dev"])]),
        .systemLibrary(name: "CGMime", pkgConfig: "gmime-3.0", providers: [.apt(["libgmime-3.0-dev"])]),

        // The domain: no I/O, no C.
        .target(name: "SubsCore"),

        // Adapters.
        .target(name: "SubsStore", dependencies: ["SubsCore", "CSQLite"]),
        // Reminder delivery (libnotify, a user's command) and the daemon's plumbing (lock, signals, inotify, clock).
        .target(name: "SubsReminders", dependencies: ["SubsCore", "SubsStore", "CNotify"]),
        // Installs the daily `subs remind`: a systemd user timer or a crontab line.
        .target(name: "SubsSchedule", dependencies: ["SubsCore", "SubsStore"]),
        // Invoice scanning: document loading, OCR, field extraction. Offline.
        .target(
            name: "SubsScan",
            dependencies: ["SubsCore", "CTesseract", "CPoppler", "CHeif"],
            resources: [.copy("Resources/vendors.json"), .copy("Resources/lexicon.json"), .copy("Resources/scorer.json")]
        ),
        // iCalendar text (RFC 5545) through libical.
        .target(name: "SubsCalendar", dependencies: ["SubsCore", "CICal"]),
        // A small general HTTP client over libcurl.
        .target(name: "SubsHTTP", dependencies: ["SubsCore", "CCurl"]),
        // A small HTTP/1.1 server for the calendar feed: bounded requests, timeouts, GET/HEAD only.
        .target(name: "SubsFeedServer", dependencies: ["SubsCore"]),

        // XML and HTML parsed by libxml2 into a Swift tree (e-mail bodies, bank statements).
        .target(name: "SubsMarkup", dependencies: ["CLibXML2"]),

        // Bank statement exports (CSV, OFX/QFX through libofx, CAMT.053 through SubsMarkup, QIF) as transactions.
        .target(name: "SubsStatements", dependencies: ["SubsCore", "SubsMarkup", "CLibOFX"]),

        // E-mails (.eml, mbox, Maildir) through GMime: bodies laid out as text pages for the invoice extractor.
        .target(name: "SubsMail", dependencies: ["SubsCore", "SubsScan", "SubsMarkup", "CGMime"]),

        // The optional AI engine: an OpenAI-compatible chat completions endpoint, opt-in.
        .target(name: "SubsAI", dependencies: ["SubsCore", "SubsScan"]),

        // The command tree and output rendering, with the adapters that load fast (SQLite, libical).
        .target(
            name: "SubsCLI",
            dependencies: [
                "SubsCore", "SubsStore", "SubsCalendar", "SubsFeedServer", "SubsSchedule",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The work of the commands that need scanning, the network or desktop notifications.
        .target(
            name: "SubsCLIFull",
            dependencies: [
                "SubsCLI", "SubsCore", "SubsStore", "SubsScan", "SubsAI", "SubsHTTP", "SubsReminders", "SubsStatements",
                "SubsMail", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "subs", dependencies: ["SubsCLI"]),
        .executableTarget(name: "subs-full", dependencies: ["SubsCLIFull"]),
        // The extractor's training tool (`make train`): candidates and features of training documents. Not installed.
        .executableTarget(name: "subs-train", dependencies: ["SubsScan", "SubsCore"]),

        // Shared test helpers: run the built binary in a temporary HOME, golden files.
        .target(name: "TestSupport", dependencies: ["SubsCore"], path: "Sources/TestSupport"),
        .testTarget(name: "SubsCoreTests", dependencies: ["SubsCore", "TestSupport"], exclude: ["Oracles"]),
        .testTarget(name: "SubsStoreTests", dependencies: ["SubsStore", "SubsCore", "TestSupport"]),
        .testTarget(name: "SubsAITests", dependencies: ["SubsAI", "SubsScan", "SubsCore", "TestSupport"], exclude: ["Server"]),
        .testTarget(name: "SubsRemindersTests", dependencies: ["SubsReminders", "SubsCore"]),
        .testTarget(name: "SubsScanTests", dependencies: ["SubsScan", "SubsCore", "TestSupport"], exclude: ["Model"]),
        .testTarget(name: "SubsCalendarTests", dependencies: ["SubsCalendar", "SubsCore", "TestSupport"]),
        .testTarget(name: "SubsMailTests", dependencies: ["SubsMail", "SubsScan", "SubsCore", "TestSupport"]),
        .testTarget(name: "SubsMarkupTests", dependencies: ["SubsMarkup"]),
        .testTarget(name: "SubsStatementsTests", dependencies: ["SubsStatements", "SubsCore", "TestSupport"]),
        .testTarget(name: "SubsHTTPTests", dependencies: ["SubsHTTP", "SubsCore", "SubsFeedServer", "TestSupport"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["SubsCore", "TestSupport"],
            exclude: ["Golden", "Fixtures", "Scripts"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

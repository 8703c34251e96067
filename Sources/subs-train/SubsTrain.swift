import Foundation
import SubsCore
import SubsScan

/// The extractor's training tool (`make train` runs it; not installed). It reads documents through the same
/// pipeline as `subs scan` and writes what the scorer learns from:
///
///   subs-train pages --cache DIR FILE...         the text of each page (OCR or text layer), cached by content
///   subs-train features --cache DIR --out F SET... candidates with their features and labels, one JSON line a document
///
/// A set is a folder of documents, each NAME.EXT beside NAME.json, its truth in the shared corpus's format.
@main
struct SubsTrain {
    static func main() {
        var args = Array(CommandLine.arguments.dropFirst())
        guard let command = args.first else { usage() }
        args.removeFirst()
        var cache: String?
        var out: String?
        var jobs = 1
        var files: [String] = []
        var i = 0
        while i < args.count {
            switch args[i] {
            case "--cache": i += 1; cache = args[safe: i]
            case "--out": i += 1; out = args[safe: i]
            case "--jobs": i += 1; jobs = Int(args[safe: i] ?? "") ?? 1
            default: files.append(args[i])
            }
            i += 1
        }
        guard let cache else { usage() }
        let pageCache = PageCache(folder: URL(fileURLWithPath: cache))
        switch command {
        case "pages":
            readAll(files, cache: pageCache, jobs: jobs)
        case "features":
            guard let out else { usage() }
            let documents = files.flatMap(TrainingSet.documents(in:))
            readAll(documents.map(\.file.path), cache: pageCache, jobs: jobs)
            TrainingSet.writeFeatures(documents, cache: pageCache, to: URL(fileURLWithPath: out))
        default:
            usage()
        }
    }

    static func usage() -> Never {
        FileHandle.standardError.write(Data("usage: subs-train pages|features --cache DIR [--out FILE] [--jobs N] FILE|SET...\n".utf8))
        exit(64)
    }

    /// Reads the pages of every file not cached yet, `jobs` at a time (OCR is single-threaded per page).
    static func readAll(_ files: [String], cache: PageCache, jobs: Int) {
        // Pages given as JSON (transcribed text) need no reading.
        let todo = files.filter { !$0.hasSuffix(".pages") && !cache.has($0) }
        guard !todo.isEmpty else { return }
        // A long bill is a document to learn from: `subs scan` asks for --max-pages past 10, training reads it all.
        let scanner = InvoiceScanner(options: ScanOptions(maxPages: 40))
        let done = Counter()
        DispatchQueue.concurrentPerform(iterations: max(1, jobs)) { worker in
            for (n, file) in todo.enumerated() where n % max(1, jobs) == worker {
                do {
                    try cache.store(try scanner.readPages(of: URL(fileURLWithPath: file)), for: file)
                } catch {
                    FileHandle.standardError.write(Data("subs-train: \(file): \(error)\n".utf8))
                    try? cache.store([], for: file)
                }
                let count = done.increment()
                if count % 25 == 0 { FileHandle.standardError.write(Data("subs-train: read \(count)/\(todo.count)\n".utf8)) }
            }
        }
    }
}

final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    func increment() -> Int { lock.lock(); defer { lock.unlock() }; value += 1; return value }
}

/// Pages read from documents, kept as JSON under the SHA-256 of the document's bytes: OCR is the slow part,
/// and features change far more often than documents.
struct PageCache: Sendable {
    let folder: URL

    private func url(for file: String) -> URL? {
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        // The version changes when the reading does (v2: lines read again).
        return folder.appendingPathComponent(SHA256.hex(data) + "-v2.json")
    }

    func has(_ file: String) -> Bool { url(for: file).map { FileManager.default.fileExists(atPath: $0.path) } ?? false }

    func store(_ pages: [TextPage], for file: String) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard let url = url(for: file) else { return }
        try JSONEncoder().encode(pages).write(to: url, options: .atomic)
    }

    /// Pages written as JSON: a `.pages` document.
    static func decode(_ path: String) -> [TextPage] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return (try? JSONDecoder().decode([TextPage].self, from: data)) ?? []
    }

    func pages(for file: String) -> [TextPage]? {
        guard let url = url(for: file), let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return try? JSONDecoder().decode([TextPage].self, from: data)
    }
}

extension Array {
    subscript(safe i: Int) -> Element? { indices.contains(i) ? self[i] : nil }
}

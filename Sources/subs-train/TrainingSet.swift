import Foundation
import SubsScan

/// A document of a training set and its truth (the shared corpus's format).
struct TrainingDocument: Sendable {
    var id: String
    var file: URL
    var truth: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(contentsOf: truthURL))) as? [String: Any] ?? [:] }
    var truthURL: URL
}

enum TrainingSet {
    static let documentExtensions: Set<String> = ["png", "jpg", "jpeg", "webp", "tif", "tiff", "gif", "bmp", "heic", "heif", "pdf", "eml", "pages"]

    /// The documents of a set folder: every file with a document's extension and a NAME.json beside it.
    static func documents(in folder: String) -> [TrainingDocument] {
        let dir = URL(fileURLWithPath: folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().compactMap { name in
            let url = dir.appendingPathComponent(name)
            guard documentExtensions.contains(url.pathExtension.lowercased()) else { return nil }
            let truth = url.deletingPathExtension().appendingPathExtension("json")
            guard FileManager.default.fileExists(atPath: truth.path) else { return nil }
            return TrainingDocument(id: dir.lastPathComponent + "/" + name, file: url, truthURL: truth)
        }
    }
}

extension TrainingSet {
    /// One JSON line a document: its id, kind, layout and truth, and for every field the candidates' feature
    /// rows (null for "does not apply"), values and labels (1 when the candidate is the truth). The feature
    /// names go once per field to OUT.schema.json.
    static func writeFeatures(_ documents: [TrainingDocument], cache: PageCache, to out: URL) {
        FileManager.default.createFile(atPath: out.path, contents: nil)
        guard let handle = try? FileHandle(forWritingTo: out) else { fatalError("cannot write \(out.path)") }
        var schema: [String: [String]] = [:]
        for doc in documents {
            let truth = doc.truth
            let pages = doc.file.pathExtension == "pages" ? PageCache.decode(doc.file.path) : cache.pages(for: doc.file.path) ?? []
            let candidates = TrainingCandidates.candidates(pages: pages)
            var fields: [String: Any] = [:]
            for (name, field) in candidates.byName {
                if !field.names.isEmpty {
                    if let known = schema[name], known != field.names { fatalError("\(name): feature names differ between candidates") }
                    schema[name] = field.names
                }
                let labels = field.values.map { label(name, $0, truth: truth) ? 1 : 0 }
                var entry: [String: Any] = [
                    "rows": field.rows.map { $0.map { $0.isNaN ? NSNull() : $0 as Any } },
                    "values": field.values, "labels": labels,
                ]
                if name == "amount" { entry["currencies"] = field.currencies.map { $0 as Any? ?? NSNull() } }
                fields[name] = entry
            }
            let line: [String: Any] = [
                "id": doc.id, "group": truth["group"] ?? doc.id, "kind": truth["kind"] ?? NSNull(), "layout": truth["layout"] ?? NSNull(),
                "lang": truth["lang"] ?? NSNull(), "truth": truth, "fields": fields,
                "skip": truth["skip_fields"] ?? [String](),
            ]
            guard let data = try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]) else { continue }
            handle.write(data)
            handle.write(Data("\n".utf8))
        }
        try? handle.close()
        let schemaURL = URL(fileURLWithPath: out.path + ".schema.json")
        if let data = try? JSONSerialization.data(withJSONObject: schema, options: [.sortedKeys, .prettyPrinted]) {
            try? data.write(to: schemaURL)
        }
    }

    /// Whether a candidate's value is the document's truth for the field.
    static func label(_ field: String, _ value: String, truth: [String: Any]) -> Bool {
        func string(_ key: String) -> String? { truth[key] as? String }
        switch field {
        case "amount":
            guard let t = string("amount").flatMap({ Decimal(string: $0) }), let v = Decimal(string: value) else { return false }
            return abs(NSDecimalNumber(decimal: t - v).doubleValue) < 0.005
        case "currency": return string("currency")?.uppercased() == value
        case "billing": return string("billing_date") == value
        case "next": return string("next_billing_date") == value
        case "name": return string("name").map { TrainingCandidates.sameName($0, value) } ?? false
        case "frequency": return (truth["frequency_stated"] as? Bool) == true && string("frequency") == value
        default: return false
        }
    }
}

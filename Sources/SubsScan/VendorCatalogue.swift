import Foundation

/// Known subscription services (`Resources/vendors.json`): the name people recognise, other
/// names the documents print, their e-mail/web domains and a default category.
public struct VendorCatalogue: Sendable {
    public struct Vendor: Sendable, Codable, Equatable {
        public var name: String
        public var aliases: [String]
        public var domains: [String]
        public var category: String
        /// An app store or payment service whose receipts are for services bought through it
        /// (Google Play, PayPal): such a receipt is the service's when it names one.
        public var store: Bool?
        public var isStore: Bool { store == true }
    }

    public let vendors: [Vendor]
    /// Folded name or alias -> vendor index.
    let byName: [String: Int]
    /// Registrable domain ("netflix.com") -> vendor index.
    let byDomain: [String: Int]
    /// Folded one-word names and aliases of six letters or more -> vendor index: OCR splits such a
    /// name at a change of case ("NordV PN"), and n-grams of a line joined without their spaces
    /// are looked up here.
    let byJoinedName: [String: Int]
    /// Folded names of two words or more, run together ("googleone"), of six letters or more ->
    /// vendor index: OCR loses the space in a logo's wide type ("GoogleOne").
    let byRunTogetherName: [String: Int]
    /// Words in the longest folded name or alias.
    let longestName: Int

    public init(vendors: [Vendor]) {
        self.vendors = vendors
        var names: [String: Int] = [:]
        var domains: [String: Int] = [:]
        // Names before aliases: "Movistar" is the telecom even though "Movistar+" folds the same.
        for (i, v) in vendors.enumerated() {
            let key = Text.fold(v.name)
            if !key.isEmpty && names[key] == nil { names[key] = i }
            for d in v.domains where domains[d.lowercased()] == nil { domains[d.lowercased()] = i }
        }
        for (i, v) in vendors.enumerated() {
            for n in v.aliases {
                let key = Text.fold(n)
                if !key.isEmpty && names[key] == nil { names[key] = i }
            }
        }
        byName = names
        byJoinedName = names.filter { key, _ in key.count >= 6 && !key.contains(" ") }
        byRunTogetherName = Dictionary(
            names.filter { key, _ in key.contains(" ") }.map { (key: $0.key.replacingOccurrences(of: " ", with: ""), index: $0.value) }
                .filter { $0.key.count >= 6 && names[$0.key] == nil },
            uniquingKeysWith: min)
        byDomain = domains
        longestName = names.keys.map { $0.split(separator: " ").count }.max() ?? 1
    }

    /// The catalogue shipped in the package; empty (not a crash) if the resource is missing.
    public static let bundled: VendorCatalogue = {
        guard let url = Bundle.module.url(forResource: "vendors", withExtension: "json"),
            let data = try? Data(contentsOf: url),
            let vendors = try? JSONDecoder().decode([Vendor].self, from: data)
        else { return VendorCatalogue(vendors: []) }
        return VendorCatalogue(vendors: vendors)
    }()

    /// The vendor whose name or alias is exactly `text` (case, accents and punctuation ignored).
    public func vendor(named text: String) -> Vendor? {
        byName[Text.fold(text)].map { vendors[$0] }
    }

    /// The vendor owning `host` or one of its parent domains ("mail.netflix.com" -> Netflix).
    public func vendor(domain host: String) -> Vendor? {
        var labels = host.lowercased().split(separator: ".").map(String.init)
        while labels.count >= 2 {
            if let i = byDomain[labels.joined(separator: ".")] { return vendors[i] }
            labels.removeFirst()
        }
        return nil
    }


}

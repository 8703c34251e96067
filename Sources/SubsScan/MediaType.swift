import Foundation

/// What a file is, decided from its first bytes (never from its name).
public enum MediaType: String, Sendable, CaseIterable {
    case png, jpeg, gif, bmp, tiff, webp, heif, pdf
    /// An RFC 822 / MIME message (a saved e-mail, .eml): read by SubsMail, not by the document loader.
    case email

    /// The IANA media type, as the store keeps it.
    public var mimeType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .gif: "image/gif"
        case .bmp: "image/bmp"
        case .tiff: "image/tiff"
        case .webp: "image/webp"
        case .heif: "image/heif"
        case .pdf: "application/pdf"
        case .email: "message/rfc822"
        }
    }

    /// Usual file-name extensions, to report a name that lies about the content.
    var extensions: Set<String> {
        switch self {
        case .png: ["png"]
        case .jpeg: ["jpg", "jpeg", "jpe", "jfif"]
        case .gif: ["gif"]
        case .bmp: ["bmp", "dib"]
        case .tiff: ["tif", "tiff"]
        case .webp: ["webp"]
        case .heif: ["heic", "heif", "hif", "avif"]
        case .pdf: ["pdf"]
        case .email: ["eml"]
        }
    }

    var displayName: String {
        switch self {
        case .heif: "HEIF/HEIC"
        case .email: "e-mail"
        default: rawValue.uppercased()
        }
    }

    /// Sniffs the magic bytes; nil when the content is none of the supported types.
    public static func detect(_ data: Data) -> MediaType? {
        let b = [UInt8](data.prefix(1024))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + magic.count && Array(b[offset..<offset + magic.count]) == magic
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("BM".utf8)) && b.count >= 26 { return .bmp }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("ftyp".utf8), at: 4), b.count >= 12 {
            let brand = String(decoding: b[8..<12], as: UTF8.self)
            if ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "avif", "avis"].contains(brand) {
                return .heif
            }
        }
        // PDF readers accept the header anywhere in the first kilobyte.
        if let range = data.prefix(1024).range(of: Data("%PDF-".utf8)), range.lowerBound - data.startIndex < 1024 {
            return .pdf
        }
        if looksLikeMessage(data) { return .email }
        return nil
    }

    /// Header names an e-mail starts with; one of them must be there.
    static let messageHeaders: Set<String> = [
        "from", "date", "subject", "mime-version", "message-id", "received", "return-path", "delivered-to", "to",
        "content-type", "reply-to", "x-mailer", "dkim-signature", "arc-seal", "authentication-results",
    ]

    /// True when the bytes start like an RFC 822 message: header lines ("Name: value", folded lines indented)
    /// up to a blank line or the end of the sample, with From:, Date:, Subject: or MIME-Version: among them.
    public static func looksLikeMessage(_ data: Data) -> Bool {
        var sample = [UInt8](data.prefix(8192))
        if sample.starts(with: [0xEF, 0xBB, 0xBF]) { sample.removeFirst(3) }
        guard let first = sample.first, first != 0x20, first != 0x09 else { return false }
        var known = 0, strong = false, lines = 0
        for rawLine in sample.split(separator: 0x0A, omittingEmptySubsequences: false) {
            let line = Substring(String(decoding: rawLine.last == 0x0D ? rawLine.dropLast() : rawLine, as: UTF8.self))
            if line.isEmpty { break }
            lines += 1
            if line.first == " " || line.first == "\t" { continue }
            guard let colon = line.firstIndex(of: ":"), colon > line.startIndex,
                line[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
            else { return false }
            let name = line[..<colon].lowercased()
            if messageHeaders.contains(name) { known += 1 }
            if ["from", "date", "subject", "mime-version"].contains(name) { strong = true }
        }
        return lines > 0 && strong && known >= 2
    }

    /// True when the bytes look like plain text (UTF-8 without control characters).
    public static func looksLikeText(_ data: Data) -> Bool {
        let sample = data.prefix(4096)
        guard !sample.isEmpty, let s = String(data: sample, encoding: .utf8) ?? String(data: sample.dropLast(3), encoding: .utf8)
        else { return false }
        return !s.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\r" && $0 != "\t" }
    }
}

/// Reads image dimensions and a few facts from the header alone, so that a decompression bomb is
/// refused before any pixel is decoded.
enum ImageHeader {
    struct Info: Equatable {
        var width: Int
        var height: Int
        /// EXIF orientation 1...8 (JPEG), 1 when absent.
        var orientation: Int = 1
        /// A JPEG's kind of coding that common decoders (libjpeg's 8-bit build, which leptonica and most image
        /// tools use) do not read: "lossless", "hierarchical", "12-bit".
        var unreadableJPEG: String? = nil
    }

    /// A JPEG whose compressed image data stops before its end-of-image marker: decoders read what there is
    /// and fill the rest (the bottom of the picture) with gray.
    static func jpegEndsEarly(_ data: Data) -> Bool {
        let b = [UInt8](data)
        var i = 2
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { return false }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            if marker == 0xDA {
                // The scan's data runs to the end of the image: an end marker after it, however much follows.
                var j = i + 2
                while j + 1 < b.count {
                    if b[j] == 0xFF && b[j + 1] == 0xD9 { return false }
                    j += 1
                }
                return true
            }
            i += 2 + be16(b, i + 2)
        }
        return true
    }

    private static func be16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    private static func le16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i + 1]) << 8 | Int(b[i]) }
    private static func be32(_ b: [UInt8], _ i: Int) -> Int { be16(b, i) << 16 | be16(b, i + 2) }
    private static func le32(_ b: [UInt8], _ i: Int) -> Int { le16(b, i + 2) << 16 | le16(b, i) }

    /// Nil when the header is cut short or malformed. HEIF is read with libheif instead.
    static func read(_ data: Data, type: MediaType) -> Info? {
        switch type {
        case .png:
            let b = [UInt8](data.prefix(32))
            guard b.count >= 24, String(decoding: b[12..<16], as: UTF8.self) == "IHDR" else { return nil }
            return Info(width: be32(b, 16), height: be32(b, 20))
        case .gif:
            let b = [UInt8](data.prefix(10))
            guard b.count >= 10 else { return nil }
            return Info(width: le16(b, 6), height: le16(b, 8))
        case .bmp:
            let b = [UInt8](data.prefix(26))
            guard b.count >= 26 else { return nil }
            let h = Int32(truncatingIfNeeded: le32(b, 22))
            return Info(width: Int(Int32(truncatingIfNeeded: le32(b, 18)).magnitude), height: Int(h.magnitude))
        case .webp:
            let b = [UInt8](data.prefix(40))
            guard b.count >= 30 else { return nil }
            switch String(decoding: b[12..<16], as: UTF8.self) {
            case "VP8 ":
                return Info(width: le16(b, 26) & 0x3FFF, height: le16(b, 28) & 0x3FFF)
            case "VP8L":
                let bits = le32(b, 21)
                return Info(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
            case "VP8X":
                let w = Int(b[24]) | Int(b[25]) << 8 | Int(b[26]) << 16
                let h = Int(b[27]) | Int(b[28]) << 8 | Int(b[29]) << 16
                return Info(width: w + 1, height: h + 1)
            default: return nil
            }
        case .tiff:
            return tiff([UInt8](data.prefix(1 << 20)))
        case .jpeg:
            return jpeg([UInt8](data))
        case .heif, .pdf, .email:
            return nil
        }
    }

    private static func tiff(_ b: [UInt8]) -> Info? {
        guard let tags = firstIFD(b), let w = tags[256], let h = tags[257] else { return nil }
        let orientation = tags[274] ?? 1
        return Info(width: w, height: h, orientation: (1...8).contains(orientation) ? orientation : 1)
    }

    /// The tags of a TIFF structure's first IFD (TIFF files and EXIF blocks share it), each with its
    /// SHORT or LONG value: those before any cut in a truncated file.
    private static func firstIFD(_ b: [UInt8]) -> [Int: Int]? {
        guard b.count >= 8 else { return nil }
        let little = b[0] == 0x49
        let u16 = { (i: Int) in little ? le16(b, i) : be16(b, i) }
        let u32 = { (i: Int) in little ? le32(b, i) : be32(b, i) }
        let ifd = u32(4)
        guard ifd + 2 <= b.count else { return nil }
        var tags: [Int: Int] = [:]
        for k in 0..<u16(ifd) {
            let e = ifd + 2 + k * 12
            guard e + 12 <= b.count else { break }
            let type = u16(e + 2)
            tags[u16(e)] = type == 3 ? u16(e + 8) : u32(e + 8)
        }
        return tags
    }

    private static func jpeg(_ b: [UInt8]) -> Info? {
        var i = 2
        var orientation = 1
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            let length = be16(b, i + 2)
            guard length >= 2 else { return nil }
            let body = i + 4
            if marker == 0xE1, body + 14 <= b.count, String(decoding: b[body..<body + 4], as: UTF8.self) == "Exif" {
                let end = min(b.count, i + 2 + length)
                if body + 6 < end, let o = tiff(Array(b[(body + 6)..<end]))?.orientation ?? exifOrientation(Array(b[(body + 6)..<end])) {
                    orientation = o
                }
            }
            // SOF0...SOF15 except DHT (C4), JPG (C8), DAC (CC).
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard body + 5 <= b.count else { return nil }
                let precision = Int(b[body])
                let unreadable: String? = [0xC3, 0xC7, 0xCB, 0xCF].contains(marker) ? "lossless"
                    : [0xC5, 0xC6, 0xCD, 0xCE].contains(marker) ? "hierarchical"
                    : precision != 8 ? "\(precision)-bit" : nil
                return Info(width: be16(b, body + 3), height: be16(b, body + 1), orientation: orientation, unreadableJPEG: unreadable)
            }
            i += 2 + length
        }
        return nil
    }

    /// EXIF IFD0 usually lacks width/height tags; read just the orientation.
    private static func exifOrientation(_ b: [UInt8]) -> Int? {
        guard let v = firstIFD(b)?[274], (1...8).contains(v) else { return nil }
        return v
    }
}

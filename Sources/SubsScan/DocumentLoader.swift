import Foundation
import SubsCore

/// A file read into memory, its type sniffed and its limits checked, not yet decoded.
struct LoadedDocument {
    enum Content {
        case image(ImageHeader.Info)
        case pdf(PDFFile)
    }

    var bytes: Data
    var type: MediaType
    var content: Content
    var warnings: [String]
}

/// Reads a document and refuses, with one line naming the reason and the fix, anything that
/// is empty, too large, not a document, a decompression bomb, encrypted, over the page limit
/// or cut short. Only headers are read here; pixels are decoded later.
enum DocumentLoader {
    static func load(_ url: URL, options: ScanOptions) throws(SubsError) -> LoadedDocument {
        try check(read(url, options: options), name: url.path, fileExtension: url.pathExtension, options: options)
    }

    /// The file's bytes (memory-mapped), refused when missing, a folder, unreadable or over the size limit.
    static func read(_ url: URL, options: ScanOptions) throws(SubsError) -> Data {
        let name = url.path
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        } catch {
            throw SubsError(.noInput, "cannot read \(name): no such file")
        }
        if (attributes[.type] as? FileAttributeType) == .typeDirectory {
            throw SubsError(.noInput, "\(name) is a folder; give the invoice file inside it")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        if size > options.maxFileBytes {
            throw .data("\(name) is \(megabytes(size)), over the \(megabytes(options.maxFileBytes)) limit; export a smaller image or PDF of the invoice")
        }
        do {
            return try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw SubsError(.noInput, "cannot read \(name): permission denied or unreadable")
        }
    }

    /// The checks on bytes already in memory; `name` is only used in messages.
    static func check(_ data: Data, name: String, fileExtension: String = "", options: ScanOptions) throws(SubsError) -> LoadedDocument {
        if data.isEmpty {
            throw .data("\(name) is empty (0 bytes); save or export the invoice again")
        }
        if data.count > options.maxFileBytes {
            throw .data("\(name) is \(megabytes(data.count)), over the \(megabytes(options.maxFileBytes)) limit; export a smaller image or PDF of the invoice")
        }
        guard let type = MediaType.detect(data) else {
            if MediaType.looksLikeText(data) {
                throw .data("\(name) is a text file, not an invoice image, PDF or e-mail; give a PNG, JPEG, WebP, TIFF, GIF, BMP, HEIC, PDF or .eml file (an e-mail saved with its headers)")
            }
            throw .data("\(name) is not a supported document; give a PNG, JPEG, WebP, TIFF, GIF, BMP, HEIC or PDF file")
        }
        if type == .email {
            throw .data("\(name) is an e-mail message; subs scan and subs add --scan read it with the e-mail reader (subs-full)")
        }
        var warnings: [String] = []
        let ext = fileExtension.lowercased()
        if !ext.isEmpty, !type.extensions.contains(ext),
            MediaType.allCases.contains(where: { $0.extensions.contains(ext) })
        {
            warnings.append("\(name) is named .\(ext) but is a \(type.displayName) file; read it as \(type.displayName)")
        }
        let corrupt = "\(name) is truncated or corrupt (\(type.displayName)); save or export the invoice again"

        if type == .pdf {
            // A complete PDF ends with %%EOF (possibly followed by a few bytes of padding).
            guard data.suffix(2048).range(of: Data("%%EOF".utf8)) != nil else { throw .data(corrupt) }
            let pdf: PDFFile
            do {
                pdf = try PDFFile(data: data)
            } catch .encrypted {
                throw .data("\(name) is a password-protected PDF; save an unprotected copy (e.g. qpdf --decrypt --password=... in out.pdf) and scan that")
            } catch {
                throw .data(corrupt)
            }
            let pages = pdf.pageCount
            if pages == 0 { throw .data(corrupt) }
            if pages > options.maxPages {
                throw .data("\(name) has \(pages) pages, over the limit of \(options.maxPages); pass --max-pages \(pages) to read them all")
            }
            return LoadedDocument(bytes: data, type: type, content: .pdf(pdf), warnings: warnings)
        }

        let info: ImageHeader.Info
        if type == .heif {
            do {
                let size = try HeifImage.size(of: data)
                info = ImageHeader.Info(width: size.width, height: size.height)
            } catch {
                throw .data(error.libraryMissing ? error.message : corrupt)
            }
        } else {
            guard let header = ImageHeader.read(data, type: type) else { throw .data(corrupt) }
            info = header
        }
        guard info.width > 0, info.height > 0 else { throw .data(corrupt) }
        let pixels = info.width * info.height
        if pixels > options.maxPixels {
            throw .data("\(name) is \(info.width)x\(info.height) pixels (\(pixels / 1_000_000) megapixels), over the \(options.maxPixels / 1_000_000)-megapixel limit; resize the image before scanning")
        }
        if isTruncated(data, type: type) { throw .data(corrupt) }
        if type == .jpeg {
            if let kind = info.unreadableJPEG {
                throw .data("\(name) is a \(kind) JPEG, which the image decoder here cannot read; convert it to an ordinary JPEG or PNG (e.g. convert \((name as NSString).lastPathComponent) out.png) and scan that")
            }
            // Decoders read a cut-off JPEG as far as it goes, and so do other image tools: read it, and say so.
            if ImageHeader.jpegEndsEarly(data) {
                warnings.append("\(name) ends early (JPEG): the bottom of the image may be missing; if a field is not read, save or export the invoice again")
            }
        }
        return LoadedDocument(bytes: data, type: type, content: .image(info), warnings: warnings)
    }

    /// Cheap end-of-file checks for the formats whose end is marked; decoders catch the rest.
    static func isTruncated(_ data: Data, type: MediaType) -> Bool {
        switch type {
        case .png:
            return data.suffix(64).range(of: Data("IEND".utf8)) == nil
        case .jpeg:
            // Checked by decoding: what follows the image (a phone's trailer, a second picture) is no harm, and a
            // JPEG cut short still decodes (see `check`).
            return false
        case .gif:
            return data.last != 0x3B && data.suffix(64).firstIndex(of: 0x3B) == nil
        case .webp:
            let b = [UInt8](data.prefix(8))
            guard b.count == 8 else { return true }
            let riffSize = Int(b[4]) | Int(b[5]) << 8 | Int(b[6]) << 16 | Int(b[7]) << 24
            return data.count < riffSize + 8
        case .bmp, .tiff, .heif, .pdf, .email:
            return false
        }
    }

    /// The refusal of an image whose header reads but whose picture does not decode, naming why when the
    /// bytes tell.
    static func undecodable(_ name: String, _ doc: LoadedDocument) -> SubsError {
        if doc.type == .jpeg, ImageHeader.jpegEndsEarly(doc.bytes) {
            return .data("\(name) is cut off before enough of its picture to read (JPEG); save or export the invoice again")
        }
        return .data("\(name) has a readable header but its picture data is damaged (\(doc.type.displayName)); save or export the invoice again")
    }

    static func megabytes(_ bytes: Int) -> String {
        let mb = Double(bytes) / 1_048_576
        return mb >= 10 ? "\(Int(mb.rounded())) MB" : String(format: "%.1f MB", mb)
    }
}

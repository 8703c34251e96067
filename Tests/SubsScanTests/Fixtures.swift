import Foundation

@testable import SubsScan

/// Test documents made on the fly: a temporary folder, a minimal PDF writer, ImageMagick renders.
final class TempDir {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("subs-scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func file(_ name: String, _ data: Data) throws -> URL {
        let u = url.appendingPathComponent(name)
        try data.write(to: u)
        return u
    }

    func path(_ name: String) -> URL { url.appendingPathComponent(name) }
}

enum Fixtures {
    /// A PDF whose pages carry the given lines as real text (Helvetica, WinAnsi: "€" allowed).
    static func textPDF(pages: [[String]]) -> Data {
        var objects: [Data] = []
        let pageCount = pages.count
        // 1 catalog, 2 pages, 3 font, then page/content pairs.
        let kids = (0..<pageCount).map { "\(4 + 2 * $0) 0 R" }.joined(separator: " ")
        objects.append(Data("<< /Type /Catalog /Pages 2 0 R >>".utf8))
        objects.append(Data("<< /Type /Pages /Kids [\(kids)] /Count \(pageCount) >>".utf8))
        objects.append(Data("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".utf8))
        for (i, lines) in pages.enumerated() {
            var content = Data("BT /F1 12 Tf 16 TL 56 790 Td ".utf8)
            for line in lines {
                content.append(Data("(".utf8))
                for ch in line.unicodeScalars {
                    switch ch {
                    case "€": content.append(0x80)
                    case "(", ")", "\\": content.append(contentsOf: [0x5C, UInt8(ch.value)])
                    default: content.append(ch.value < 256 ? UInt8(ch.value) : 0x3F)
                    }
                }
                content.append(Data(") Tj T* ".utf8))
            }
            content.append(Data("ET".utf8))
            objects.append(Data("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents \(5 + 2 * i) 0 R >>".utf8))
            var stream = Data("<< /Length \(content.count) >>\nstream\n".utf8)
            stream.append(content)
            stream.append(Data("\nendstream".utf8))
            objects.append(stream)
        }
        var out = Data("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        for (i, o) in objects.enumerated() {
            offsets.append(out.count)
            out.append(Data("\(i + 1) 0 obj\n".utf8))
            out.append(o)
            out.append(Data("\nendobj\n".utf8))
        }
        let xref = out.count
        out.append(Data("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8))
        for o in offsets { out.append(Data(String(format: "%010d 00000 n \n", o).utf8)) }
        out.append(Data("trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8))
        return out
    }

    static func which(_ tool: String) -> String? {
        for dir in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(dir)/\(tool)") {
            return "\(dir)/\(tool)"
        }
        return nil
    }

    @discardableResult
    static func run(_ tool: String, _ args: [String]) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: which(tool) ?? tool)
        p.arguments = args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }

    /// Renders lines of text on white with DejaVu Sans (ImageMagick), like a screenshot.
    static func renderText(_ lines: [String], to url: URL, width: Int = 1100, pointSize: Int = 26, extra: [String] = []) throws {
        let height = 80 + lines.count * pointSize * 2
        let font = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"].first { FileManager.default.fileExists(atPath: $0) } ?? "DejaVu-Sans"
        var args = ["-size", "\(width)x\(height)", "xc:white", "-font", font, "-pointsize", "\(pointSize)", "-fill", "black"]
        for (i, line) in lines.enumerated() {
            args += ["-annotate", "+40+\(60 + i * pointSize * 2)", line]
        }
        args += extra
        args.append(url.path)
        let status = try run("convert", args)
        guard status == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// `lines` rendered as `renderText` renders them, into `dir` as `name`, and decoded.
    static func renderedRaster(_ lines: [String], in dir: TempDir, name: String, pointSize: Int = 26) throws -> Raster {
        let url = dir.path(name)
        try renderText(lines, to: url, pointSize: pointSize)
        guard let raster = Raster(encoded: try Data(contentsOf: url)) else { throw CocoaError(.fileReadCorruptFile) }
        return raster
    }

    /// The JPEG with an EXIF APP1 segment holding only the orientation tag (ImageMagick does not
    /// write one for a fresh image).
    static func withExifOrientation(_ orientation: UInt16, jpeg: Data) -> Data {
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0, 1, 0]  // little-endian, IFD at 8, 1 entry
        tiff += [0x12, 0x01, 3, 0, 1, 0, 0, 0, UInt8(orientation & 0xFF), UInt8(orientation >> 8), 0, 0]
        tiff += [0, 0, 0, 0]  // no next IFD
        let body = Array("Exif".utf8) + [0, 0] + tiff
        let length = body.count + 2
        var out = Data(jpeg.prefix(2))  // SOI
        out.append(contentsOf: [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body)
        out.append(jpeg.dropFirst(2))
        return out
    }

    static var hasImageMagick: Bool { which("convert") != nil }
}

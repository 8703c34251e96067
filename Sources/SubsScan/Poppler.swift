import CPoppler
import Foundation
import SubsCore

/// A PDF opened with poppler-glib. Owns the document (and the bytes it reads) and releases them
/// in `deinit`; pages are opened and released inside each call.
final class PDFFile {
    private let document: OpaquePointer
    private let bytes: OpaquePointer

    enum OpenError: Error { case encrypted, damaged(String) }

    init(data: Data) throws(OpenError) {
        let gbytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        guard let gbytes else { throw .damaged("out of memory") }
        var error: UnsafeMutablePointer<GError>?
        guard let doc = poppler_document_new_from_bytes(gbytes, nil, &error) else {
            g_bytes_unref(gbytes)
            let code = error?.pointee.code ?? 0
            let domain = error?.pointee.domain ?? 0
            let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unreadable"
            if let error { g_error_free(error) }
            if domain == poppler_error_quark() && code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) {
                throw .encrypted
            }
            throw .damaged(message)
        }
        self.document = doc
        self.bytes = gbytes
    }

    deinit {
        subs_g_object_unref(UnsafeMutableRawPointer(document))
        g_bytes_unref(bytes)
    }

    var pageCount: Int { Int(poppler_document_get_n_pages(document)) }

    private func withPage<T>(_ index: Int, _ body: (OpaquePointer) -> T) -> T? {
        guard let page = poppler_document_get_page(document, Int32(index)) else { return nil }
        defer { subs_g_object_unref(UnsafeMutableRawPointer(page)) }
        return body(page)
    }

    /// Page size in points (1/72 inch).
    func pageSize(_ index: Int) -> (width: Double, height: Double)? {
        withPage(index) { page in
            var w = 0.0, h = 0.0
            poppler_page_get_size(page, &w, &h)
            return (w, h)
        }
    }

    /// The text layer as words with boxes in points, grouped into lines by position.
    /// Empty for an image-only page.
    func words(page index: Int) -> [WordBox] {
        withPage(index) { page -> [WordBox] in
            guard let cText = poppler_page_get_text(page) else { return [] }
            let text = String(cString: cText)
            g_free(cText)
            var rects: UnsafeMutablePointer<PopplerRectangle>?
            var count: guint = 0
            guard poppler_page_get_text_layout(page, &rects, &count) != 0, let rects else {
                return Self.wordsWithoutLayout(text, page: index + 1)
            }
            defer { g_free(rects) }
            let chars = Array(text)
            // One rectangle per character of the text; if poppler disagrees, fall back.
            guard chars.count == Int(count) else { return Self.wordsWithoutLayout(text, page: index + 1) }
            var result: [WordBox] = []
            var current = ""
            var box = (x1: 0.0, y1: 0.0, x2: 0.0, y2: 0.0)
            func flush() {
                if !current.isEmpty {
                    result.append(WordBox(
                        text: current, confidence: 1, x: Int(box.x1.rounded()), y: Int(box.y1.rounded()),
                        width: max(1, Int((box.x2 - box.x1).rounded())), height: max(1, Int((box.y2 - box.y1).rounded())),
                        line: 0, page: index + 1))
                }
                current = ""
            }
            for (i, c) in chars.enumerated() {
                let r = rects[i]
                if c.isWhitespace {
                    flush()
                    continue
                }
                // A jump back or down inside a "word" means poppler glued two runs together.
                if !current.isEmpty && (r.x1 < box.x2 - 1 || abs(r.y1 - box.y1) > (box.y2 - box.y1) * 0.6
                    || r.x1 - box.x2 > (r.y2 - r.y1) * 0.6)
                {
                    flush()
                }
                if current.isEmpty {
                    box = (r.x1, r.y1, r.x2, r.y2)
                } else {
                    box = (min(box.x1, r.x1), min(box.y1, r.y1), max(box.x2, r.x2), max(box.y2, r.y2))
                }
                current.append(c)
            }
            flush()
            return LineBuilder.assignLines(result)
        } ?? []
    }

    private static func wordsWithoutLayout(_ text: String, page: Int) -> [WordBox] {
        var out: [WordBox] = []
        for (n, line) in text.split(separator: "\n").enumerated() {
            for (i, w) in line.split(whereSeparator: \.isWhitespace).enumerated() {
                out.append(WordBox(text: String(w), confidence: 1, x: i * 50, y: n * 12, width: 40, height: 10, line: n, page: page))
            }
        }
        return out
    }

    /// Renders a page at `dpi` on white and returns it as a leptonica image.
    func render(page index: Int, dpi: Double) -> Raster? {
        withPage(index) { page -> Raster? in
            var w = 0.0, h = 0.0
            poppler_page_get_size(page, &w, &h)
            let scale = dpi / 72
            let pw = Int32((w * scale).rounded(.up)), ph = Int32((h * scale).rounded(.up))
            guard pw > 0, ph > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pw, ph) else { return nil }
            defer { cairo_surface_destroy(surface) }
            guard let cr = cairo_create(surface) else { return nil }
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
            cairo_scale(cr, scale, scale)
            poppler_page_render(page, cr)
            cairo_destroy(cr)
            cairo_surface_flush(surface)
            guard let data = cairo_image_surface_get_data(surface) else { return nil }
            let stride = Int(cairo_image_surface_get_stride(surface))
            let buffer = UnsafeRawBufferPointer(start: data, count: stride * Int(ph))
            let raster = Raster(width: Int(pw), height: Int(ph), stride: stride, layout: .cairoARGB, pixels: buffer)
            raster?.setResolution(dpi: Int(dpi))
            return raster
        } ?? nil
    }
}

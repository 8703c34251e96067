import Foundation
import SubsCore

extension InvoiceScanner {
    /// The document's pages as JPEG images (at most `maxSide` pixels on the longer side), for an engine
    /// that reads images. PDFs are rendered at 150 dpi; images are re-encoded, never sent as they are
    /// (that strips their metadata, such as a photo's location).
    public func pageImagesJPEG(_ data: Data, name: String, maxSide: Int = 2048, quality: Int = 80) throws(SubsError) -> [Data] {
        let doc = try DocumentLoader.check(data, name: name, options: options)
        let corrupt = SubsError.data("\(name) is truncated or corrupt (\(doc.type.displayName)); save or export the invoice again")
        var rasters: [Raster] = []
        switch doc.content {
        case .pdf(let pdf):
            for i in 0..<pdf.pageCount {
                guard let r = pdf.render(page: i, dpi: 150) else { throw corrupt }
                rasters.append(r)
            }
        case .image:
            if doc.type == .heif {
                do { rasters.append(try HeifImage.decode(doc.bytes)) } catch { throw corrupt }
            } else {
                guard let r = Raster(encoded: doc.bytes) else { throw DocumentLoader.undecodable(name, doc) }
                rasters.append(r)
            }
        }
        return try rasters.map { r throws(SubsError) in
            let longest = max(r.width, r.height)
            let fitted = longest > maxSide ? (r.scaled(by: Double(maxSide) / Double(longest)) ?? r) : r
            // JPEG wants 8 or 32 bits per pixel; other depths go through grayscale.
            let encodable = fitted.depth == 8 || fitted.depth == 32 ? fitted : (fitted.grayscale() ?? fitted)
            guard let jpeg = encodable.jpeg(quality: quality) else {
                throw SubsError(.failure, "cannot encode a page of \(name) as JPEG for the AI engine; use --send text")
            }
            return jpeg
        }
    }
}

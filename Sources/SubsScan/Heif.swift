import CHeif
import Foundation

/// A HEIC/HEIF image read with libheif: the size from the header without decoding, then the
/// primary image decoded to RGB. Everything libheif allocates is released before returning.
enum HeifImage {
    struct Failure: Error { let message: String }

    private static func withPrimaryHandle<T>(_ data: Data, _ body: (OpaquePointer) throws(Failure) -> T) throws(Failure) -> T {
        guard let ctx = heif_context_alloc() else { throw Failure(message: "out of memory") }
        defer { heif_context_free(ctx) }
        let err = data.withUnsafeBytes { heif_context_read_from_memory_without_copy(ctx, $0.baseAddress, $0.count, nil) }
        guard err.code == heif_error_Ok else { throw Failure(message: String(cString: err.message)) }
        var handle: OpaquePointer?
        let err2 = heif_context_get_primary_image_handle(ctx, &handle)
        guard err2.code == heif_error_Ok, let handle else { throw Failure(message: String(cString: err2.message)) }
        defer { heif_image_handle_release(handle) }
        // `data` outlives this call, as read_from_memory_without_copy requires.
        return try withExtendedLifetime(data) { () throws(Failure) -> T in try body(handle) }
    }

    /// Width and height of the primary image, read from the container without decoding pixels.
    static func size(of data: Data) throws(Failure) -> (width: Int, height: Int) {
        try withPrimaryHandle(data) { handle in
            (Int(heif_image_handle_get_width(handle)), Int(heif_image_handle_get_height(handle)))
        }
    }

    /// Decodes the primary image (rotation/mirroring from the container applied by libheif).
    static func decode(_ data: Data) throws(Failure) -> Raster {
        try withPrimaryHandle(data) { handle throws(Failure) -> Raster in
            var image: OpaquePointer?
            let err = heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nil)
            guard err.code == heif_error_Ok, let image else { throw Failure(message: String(cString: err.message)) }
            defer { heif_image_release(image) }
            var stride: Int32 = 0
            guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else {
                throw Failure(message: "no pixel data")
            }
            let w = Int(heif_image_get_width(image, heif_channel_interleaved))
            let h = Int(heif_image_get_height(image, heif_channel_interleaved))
            let buffer = UnsafeRawBufferPointer(start: plane, count: Int(stride) * h)
            guard let raster = Raster(width: w, height: h, stride: Int(stride), layout: .rgb, pixels: buffer) else {
                throw Failure(message: "cannot hold the decoded image")
            }
            return raster
        }
    }
}

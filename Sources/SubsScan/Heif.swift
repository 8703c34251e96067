import CHeif
import Foundation

/// A HEIC/HEIF image read with libheif: the size from the header without decoding, then the
/// primary image decoded to RGB. Everything libheif allocates is released before returning.
enum HeifImage {
    struct Failure: Error {
        let message: String
        /// libheif itself could not be opened: no file is at fault.
        var libraryMissing = false
    }

    private static func withPrimaryHandle<T>(_ data: Data, _ body: (HeifLibrary, OpaquePointer) throws(Failure) -> T) throws(Failure) -> T {
        let lib = try HeifLibrary.shared.get()
        guard let ctx = lib.contextAlloc() else { throw Failure(message: "out of memory") }
        defer { lib.contextFree(ctx) }
        let err = data.withUnsafeBytes { lib.readFromMemoryWithoutCopy(ctx, $0.baseAddress, $0.count, nil) }
        guard err.code == heif_error_Ok else { throw Failure(message: String(cString: err.message)) }
        var handle: OpaquePointer?
        let err2 = lib.primaryImageHandle(ctx, &handle)
        guard err2.code == heif_error_Ok, let handle else { throw Failure(message: String(cString: err2.message)) }
        defer { lib.handleRelease(handle) }
        // `data` outlives this call, as read_from_memory_without_copy requires.
        return try withExtendedLifetime(data) { () throws(Failure) -> T in try body(lib, handle) }
    }

    /// Width and height of the primary image, read from the container without decoding pixels.
    static func size(of data: Data) throws(Failure) -> (width: Int, height: Int) {
        try withPrimaryHandle(data) { lib, handle in
            (Int(lib.handleWidth(handle)), Int(lib.handleHeight(handle)))
        }
    }

    /// Decodes the primary image (rotation/mirroring from the container applied by libheif).
    static func decode(_ data: Data) throws(Failure) -> Raster {
        try withPrimaryHandle(data) { lib, handle throws(Failure) -> Raster in
            var image: OpaquePointer?
            let err = lib.decodeImage(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nil)
            guard err.code == heif_error_Ok, let image else { throw Failure(message: String(cString: err.message)) }
            defer { lib.imageRelease(image) }
            var stride: Int32 = 0
            guard let plane = lib.planeReadonly(image, heif_channel_interleaved, &stride) else {
                throw Failure(message: "no pixel data")
            }
            let w = Int(lib.imageWidth(image, heif_channel_interleaved))
            let h = Int(lib.imageHeight(image, heif_channel_interleaved))
            let buffer = UnsafeRawBufferPointer(start: plane, count: Int(stride) * h)
            guard let raster = Raster(width: w, height: h, stride: Int(stride), layout: .rgb, pixels: buffer) else {
                throw Failure(message: "cannot hold the decoded image")
            }
            return raster
        }
    }
}

/// The libheif functions used above, opened when the first HEIC arrives. Linked, libheif loads its
/// codecs (x265, libde265, aom, dav1d) into every scan: ~15 ms of each process's start, for a format
/// few documents come in.
private struct HeifLibrary: @unchecked Sendable {
    let contextAlloc: @convention(c) () -> OpaquePointer?
    let contextFree: @convention(c) (OpaquePointer?) -> Void
    let readFromMemoryWithoutCopy: @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int, OpaquePointer?) -> heif_error
    let primaryImageHandle: @convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?) -> heif_error
    let handleWidth: @convention(c) (OpaquePointer?) -> Int32
    let handleHeight: @convention(c) (OpaquePointer?) -> Int32
    let handleRelease: @convention(c) (OpaquePointer?) -> Void
    let decodeImage: @convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?, heif_colorspace, heif_chroma,
                                     UnsafePointer<heif_decoding_options>?) -> heif_error
    let imageRelease: @convention(c) (OpaquePointer?) -> Void
    let planeReadonly: @convention(c) (OpaquePointer?, heif_channel, UnsafeMutablePointer<Int32>?) -> UnsafePointer<UInt8>?
    let imageWidth: @convention(c) (OpaquePointer?, heif_channel) -> Int32
    let imageHeight: @convention(c) (OpaquePointer?, heif_channel) -> Int32

    static let shared: Result<HeifLibrary, HeifImage.Failure> = {
        let missing = HeifImage.Failure(message: "reading HEIC needs libheif, which is not installed; install it (apt install libheif1)", libraryMissing: true)
        // Kept open for the life of the process.
        guard let handle = dlopen("libheif.so.1", RTLD_NOW | RTLD_LOCAL) else { return .failure(missing) }
        func symbol<F>(_ name: String, as type: F.Type) throws(HeifImage.Failure) -> F {
            guard let address = dlsym(handle, name) else { throw missing }
            return unsafeBitCast(address, to: type)
        }
        do throws(HeifImage.Failure) {
            return .success(HeifLibrary(
                contextAlloc: try symbol("heif_context_alloc", as: (@convention(c) () -> OpaquePointer?).self),
                contextFree: try symbol("heif_context_free", as: (@convention(c) (OpaquePointer?) -> Void).self),
                readFromMemoryWithoutCopy: try symbol("heif_context_read_from_memory_without_copy",
                    as: (@convention(c) (OpaquePointer?, UnsafeRawPointer?, Int, OpaquePointer?) -> heif_error).self),
                primaryImageHandle: try symbol("heif_context_get_primary_image_handle",
                    as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?) -> heif_error).self),
                handleWidth: try symbol("heif_image_handle_get_width", as: (@convention(c) (OpaquePointer?) -> Int32).self),
                handleHeight: try symbol("heif_image_handle_get_height", as: (@convention(c) (OpaquePointer?) -> Int32).self),
                handleRelease: try symbol("heif_image_handle_release", as: (@convention(c) (OpaquePointer?) -> Void).self),
                decodeImage: try symbol("heif_decode_image",
                    as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?, heif_colorspace, heif_chroma,
                                         UnsafePointer<heif_decoding_options>?) -> heif_error).self),
                imageRelease: try symbol("heif_image_release", as: (@convention(c) (OpaquePointer?) -> Void).self),
                planeReadonly: try symbol("heif_image_get_plane_readonly",
                    as: (@convention(c) (OpaquePointer?, heif_channel, UnsafeMutablePointer<Int32>?) -> UnsafePointer<UInt8>?).self),
                imageWidth: try symbol("heif_image_get_width", as: (@convention(c) (OpaquePointer?, heif_channel) -> Int32).self),
                imageHeight: try symbol("heif_image_get_height", as: (@convention(c) (OpaquePointer?, heif_channel) -> Int32).self)))
        } catch {
            return .failure(missing)
        }
    }()
}

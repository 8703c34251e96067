import Foundation

/// Bytes for stdout, written in large chunks: a listing of 100,000 lines is a few hundred writes, not
/// 100,000 `print`s. What `print` buffered is flushed first, so the order of the two is kept.
struct StdoutBuffer {
    private(set) var bytes: [UInt8] = []
    private let chunk = 1 << 16

    init() { bytes.reserveCapacity(chunk + 4096) }

    mutating func append(_ s: String) { bytes.append(contentsOf: s.utf8) }
    mutating func append(_ b: [UInt8]) { bytes.append(contentsOf: b) }
    mutating func append(byte: UInt8) { bytes.append(byte) }
    mutating func appendSpaces(_ n: Int) { if n > 0 { bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: n)) } }

    /// Writes out what is buffered once it is a chunk's worth.
    mutating func flushIfFull() { if bytes.count >= chunk { flush() } }

    mutating func flush() {
        guard !bytes.isEmpty else { return }
        fflush(nil)
        bytes.withUnsafeBytes { b in
            var done = 0
            while done < b.count {
                let n = write(STDOUT_FILENO, b.baseAddress! + done, b.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }  // a closed pipe: nothing more can be written
                done += n
            }
        }
        bytes.removeAll(keepingCapacity: true)
    }
}

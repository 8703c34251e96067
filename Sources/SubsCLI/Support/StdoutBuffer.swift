import Foundation
import SubsCore

/// Bytes for stdout, written in large chunks: a listing of 100,000 lines is a few hundred writes, not
/// 100,000 `print`s. What `print` buffered is flushed first, so the order of the two is kept.
struct StdoutBuffer {
    /// What is not written yet; writers may append to it directly.
    var bytes: [UInt8] = []
    private let chunk = 1 << 16

    init() { bytes.reserveCapacity(chunk + 4096) }

    mutating func append(_ s: String) { bytes.append(contentsOf: s.utf8) }
    mutating func append(_ b: [UInt8]) { bytes.append(contentsOf: b) }
    mutating func append(_ b: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: b) }

    /// `YYYY-MM-DD`, as `LocalDate.description` writes it.
    mutating func appendDate(_ d: LocalDate) {
        let (y, m, day) = (d.year, d.month, d.day)
        guard (0...9999).contains(y) else { return append(d.description) }
        let zero = UInt8(ascii: "0"), dash = UInt8(ascii: "-")
        bytes.append(zero + UInt8(y / 1000)); bytes.append(zero + UInt8(y / 100 % 10))
        bytes.append(zero + UInt8(y / 10 % 10)); bytes.append(zero + UInt8(y % 10)); bytes.append(dash)
        bytes.append(zero + UInt8(m / 10)); bytes.append(zero + UInt8(m % 10)); bytes.append(dash)
        bytes.append(zero + UInt8(day / 10)); bytes.append(zero + UInt8(day % 10))
    }
    mutating func append(byte: UInt8) { bytes.append(byte) }
    mutating func appendTwoSpaces() { bytes.append(UInt8(ascii: " ")); bytes.append(UInt8(ascii: " ")) }
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

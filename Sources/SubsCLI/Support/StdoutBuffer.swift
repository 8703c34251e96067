import Foundation
import SubsCore

/// Bytes for stdout, written in large chunks: a listing of 100,000 lines is a few hundred writes, not
/// 100,000 `print`s. What `print` buffered is flushed first, so the order of the two is kept.
///
/// The bytes live in memory it owns rather than in an Array: a line made of twenty small appends paid an
/// Array's uniqueness and capacity checks twenty times; `write(atMost:)` checks once per line.
final class StdoutBuffer {
    private var start: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    /// Written out at this size (`flushIfFull`), and whenever an append would not fit.
    private static let chunk = 1 << 16

    init() {
        capacity = StdoutBuffer.chunk + 4096
        start = .allocate(capacity: capacity)
    }

    deinit { start.deallocate() }

    /// Makes room for `n` more bytes: writes out what is buffered, and grows only for an append bigger than that.
    @inline(__always) private func reserve(_ n: Int) {
        if count + n > capacity { makeRoom(n) }
    }

    private func makeRoom(_ n: Int) {
        flush()
        guard n > capacity else { return }
        start.deallocate()
        capacity = n
        start = .allocate(capacity: capacity)
    }

    func append(_ b: UnsafeBufferPointer<UInt8>) {
        guard let from = b.baseAddress else { return }
        reserve(b.count)
        (start + count).update(from: from, count: b.count)
        count += b.count
    }

    func append(_ b: [UInt8]) { b.withUnsafeBufferPointer { append($0) } }

    func append(_ s: String) {
        var s = s
        s.withUTF8 { append($0) }
    }

    func append(byte: UInt8) {
        reserve(1)
        start[count] = byte
        count += 1
    }

    /// `value` as pretty JSON at `indent` (`JSONValue.write`), made in `scratch` (kept for the next one).
    func appendJSON(_ value: JSONValue, indent: Int) {
        scratch.removeAll(keepingCapacity: true)
        value.write(into: &scratch, pretty: true, indent: indent)
        append(scratch)
    }
    private var scratch: [UInt8] = []

    /// Writes at most `n` bytes through `body`'s cursor, with no check per byte: one per line of a listing.
    @inline(__always) func write(atMost n: Int, _ body: (inout ByteCursor) -> Void) {
        reserve(n)
        var cursor = ByteCursor(start + count)
        body(&cursor)
        count = cursor.position - start
        precondition(count <= capacity, "a line wrote more than the room it asked for")
    }

    /// Writes out what is buffered once it is a chunk's worth.
    func flushIfFull() { if count >= StdoutBuffer.chunk { flush() } }

    func flush() {
        guard count > 0 else { return }
        fflush(nil)
        var done = 0
        while done < count {
            let n = Foundation.write(STDOUT_FILENO, start + done, count - done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }  // a closed pipe: nothing more can be written
            done += n
        }
        count = 0
    }
}

/// Where the next byte goes in room already made (`StdoutBuffer.write(atMost:)`).
struct ByteCursor {
    private(set) var position: UnsafeMutablePointer<UInt8>

    init(_ position: UnsafeMutablePointer<UInt8>) { self.position = position }

    @inline(__always) mutating func put(_ byte: UInt8) {
        position.pointee = byte
        position += 1
    }

    @inline(__always) mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let from = bytes.baseAddress else { return }
        position.update(from: from, count: bytes.count)
        position += bytes.count
    }

    @inline(__always) mutating func spaces(_ n: Int) {
        guard n > 0 else { return }
        position.update(repeating: UInt8(ascii: " "), count: n)
        position += n
    }

    /// `YYYY-MM-DD`, as `LocalDate.description` writes it (ten bytes; years 0...9999, which dates here are).
    @inline(__always) mutating func put(_ d: LocalDate) {
        let (y, m, day) = (d.year, d.month, d.day)
        let zero = UInt8(ascii: "0"), dash = UInt8(ascii: "-")
        position[0] = zero + UInt8(truncatingIfNeeded: y / 1000 % 10)
        position[1] = zero + UInt8(truncatingIfNeeded: y / 100 % 10)
        position[2] = zero + UInt8(truncatingIfNeeded: y / 10 % 10)
        position[3] = zero + UInt8(truncatingIfNeeded: y % 10)
        position[4] = dash
        position[5] = zero + UInt8(truncatingIfNeeded: m / 10)
        position[6] = zero + UInt8(truncatingIfNeeded: m % 10)
        position[7] = dash
        position[8] = zero + UInt8(truncatingIfNeeded: day / 10)
        position[9] = zero + UInt8(truncatingIfNeeded: day % 10)
        position += 10
    }
}

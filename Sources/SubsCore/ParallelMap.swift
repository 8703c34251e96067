import Dispatch
import Foundation

extension Collection where Self: Sendable, Index == Int, Element: Sendable {
    /// `map` over the processor's cores, in order, for pure transforms: a statement's hundred thousand
    /// descriptions, or its payees' series. `perTask` elements go to each task (by default a few tasks per
    /// core; 1 when elements cost very different amounts, given largest first, so the cores finish together).
    public func parallelMap<T: Sendable>(perTask: Int? = nil, _ transform: @Sendable (Element) -> T) -> [T] {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard cores > 1, count >= (perTask == nil ? 1_000 : 2) else { return map(transform) }
        let size = perTask ?? (count + cores * 4 - 1) / (cores * 4)
        let tasks = (count + size - 1) / size
        var parts = [[T]](repeating: [], count: tasks)
        parts.withUnsafeMutableBufferPointer { buffer in
            // Each task writes only its own slot.
            nonisolated(unsafe) let out = buffer
            DispatchQueue.concurrentPerform(iterations: tasks) { task in
                let lower = startIndex + task * size
                out[task] = self[lower..<Swift.min(lower + size, endIndex)].map(transform)
            }
        }
        return parts.flatMap { $0 }
    }
}

import Foundation
import SubsCore

/// Replaces a file so readers see the old or the new content, never half: a temporary file in the
/// same folder, fsync, rename over the target, fsync of the folder.
public enum AtomicFile {
    public static func write(_ data: Data, to path: String, mode: mode_t = 0o644) throws(SubsError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temp = folder + "/.\(url.lastPathComponent).\(getpid()).tmp"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else {
            throw SubsError(.cannotWrite, "cannot write \(path): \(String(cString: strerror(errno))); check the folder's permissions")
        }
        var ok = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
        ok = ok && fsync(fd) == 0
        close(fd)
        guard ok, rename(temp, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            throw SubsError(.cannotWrite, "cannot write \(path): \(reason)")
        }
        let dir = open(folder, O_RDONLY | O_DIRECTORY)
        if dir >= 0 {
            fsync(dir)
            close(dir)
        }
    }
}

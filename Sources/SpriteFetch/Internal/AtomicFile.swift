import Foundation
import SystemPackage

/// Writes a file whole or not at all: to a uniquely named temporary file in the same folder,
/// then renamed over the target (`rename(2)` replaces it atomically), so a reader, or a run
/// stopped half-way, never sees part of a file. No `fsync`: a reader never sees a partial file,
/// which is all the cache and the sprites folder need (Foundation's `Data.write` syncs every
/// file, which made a download-only run several times slower).
package enum AtomicFile {
  /// Writes `bytes` to `file` atomically.
  ///
  /// - Throws: `Errno` from the step that failed; the temporary file is then removed.
  package static func write(_ bytes: [UInt8], to file: URL) throws(Errno) {
    let target = FilePath(file.path)
    guard let name = target.lastComponent else { throw Errno.isDirectory }
    let temporary = target.removingLastComponent().appending(
      ".\(name.string).tmp-\(getpid())-\(UInt32.random(in: .min ... .max))")
    do {
      let descriptor = try FileDescriptor.open(
        temporary, .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec],
        permissions: [.ownerReadWrite, .groupRead, .otherRead])
      try descriptor.closeAfter { _ = try descriptor.writeAll(bytes) }
      let status = temporary.withPlatformString { from in
        target.withPlatformString { to in rename(from, to) }
      }
      if status != 0 { throw Errno(rawValue: errno) }
    } catch {
      _ = temporary.withPlatformString { unlink($0) }
      throw error as? Errno ?? .ioError
    }
  }
}

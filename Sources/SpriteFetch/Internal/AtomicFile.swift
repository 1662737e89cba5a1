import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file whole or not at all: to a uniquely named temporary file in the same folder,
/// then renamed over the target (`rename(2)` replaces it atomically), so a reader, or a run
/// stopped half-way, never sees part of a file.
package enum AtomicFile {
  /// Writes `bytes` to `file` atomically.
  ///
  /// - Throws: `CocoaError` from the write, or a `POSIXError` from the rename.
  package static func write(_ bytes: [UInt8], to file: URL) throws {
    let temporary = file.deletingLastPathComponent().appending(
      path: ".\(file.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: .min ... .max))",
      directoryHint: .notDirectory)
    try Data(bytes).write(to: temporary)
    if rename(temporary.path, file.path) != 0 {
      let code = errno
      try? FileManager.default.removeItem(at: temporary)
      throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
    }
  }
}

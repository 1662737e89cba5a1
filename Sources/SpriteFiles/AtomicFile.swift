import Synchronization
import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whole-file writes that readers see complete or not at all: the bytes go to a hidden temporary
/// file in the same folder (`.NAME.tmp-PID-N`), which is then renamed over the target. On any
/// failure the temporary file is removed, so nothing half-written is ever left under either name.
/// No `fsync`: readers never see part of a file, which is the promise (Foundation's atomic
/// `Data.write` also syncs every file, which made runs several times slower).
package enum AtomicFile {
  /// Numbers the temporary files of this process, so concurrent writes never share one.
  private static let counter = Atomic<Int>(0)
  /// This process's id, part of every temporary name.
  private static let processID = getpid()

  /// Writes `bytes` to `path` atomically (see ``AtomicFile``).
  ///
  /// - Throws: The system's error for the first step that failed.
  package static func write(_ bytes: some Collection<UInt8>, to path: FilePath) throws(Errno) {
    guard let name = path.lastComponent else { throw Errno.isDirectory }
    let temporary = path.removingLastComponent().appending(temporaryName(for: name.string))
    let file: FileDescriptor
    do {
      file = try FileDescriptor.open(
        temporary, .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec],
        permissions: [.ownerReadWrite, .groupRead, .otherRead])
    } catch {
      throw error as? Errno ?? .ioError
    }
    do {
      try file.closeAfter { _ = try file.writeAll(bytes) }
      try rename(temporary, to: path)
    } catch {
      _ = temporary.withPlatformString { unlink($0) }
      throw error as? Errno ?? .ioError
    }
  }

  /// Renames `source` to `target`, replacing it (`rename(2)`: atomic within one file system).
  private static func rename(_ source: FilePath, to target: FilePath) throws(Errno) {
    let status = source.withPlatformString { from in
      target.withPlatformString { to in
        #if canImport(Glibc)
          Glibc.rename(from, to)
        #elseif canImport(Musl)
          Musl.rename(from, to)
        #else
          Darwin.rename(from, to)
        #endif
      }
    }
    if status != 0 { throw Errno(rawValue: errno) }
  }

  /// `.NAME.tmp-PID-N`: hidden, unique within the process and across processes, and found by
  /// ``isTemporary(_:)`` when a killed run left it.
  package static func temporaryName(for name: String) -> String {
    let n = counter.add(1, ordering: .relaxed).newValue
    return ".\(name).tmp-\(processID)-\(n)"
  }

  /// True for a name ``temporaryName(for:)`` may have given: hidden, with `.tmp-` in it.
  package static func isTemporary(_ name: String) -> Bool {
    name.hasPrefix(".") && name.contains(".tmp-")
  }
}

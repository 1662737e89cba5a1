/// The URL hashes that have an entry file in a ``ResponseCache``'s directory, so that a URL with
/// none is a miss without a file-system lookup (a failed `openat` per URL was a tenth of a
/// download-only run's system time).
///
/// The directory is listed once, on the first question; entries this process stores are added.
/// An entry another process writes later is not seen, and its URL is fetched again: the same
/// outcome as a run that started a moment earlier. A listed entry may still turn out missing or
/// invalid when read; that is a miss as before.
final class KnownEntries: @unchecked Sendable {
  private let folder: CacheDirectory
  private let lock = ThreadLock()
  /// Nil until listed; guarded by `lock`.
  private var hashes: Set<UInt64>?

  /// Refers to `folder`; nothing is listed yet.
  init(folder: CacheDirectory) {
    self.folder = folder
  }

  /// False when no entry file for `hash` existed at the listing or was stored since.
  func mayHold(_ hash: UInt64) -> Bool {
    lock.withLock {
      if hashes == nil { hashes = Self.list(folder) }
      return hashes!.contains(hash)
    }
  }

  /// Records that an entry for `hash` was written.
  func insert(_ hash: UInt64) {
    lock.withLock {
      if hashes == nil { hashes = Self.list(folder) }
      hashes!.insert(hash)
    }
  }

  /// The hashes named by the entry files in `folder` (`<prefix>-<16 hex digits>.entry`).
  private static func list(_ folder: CacheDirectory) -> Set<UInt64> {
    var hashes = Set<UInt64>()
    for name in folder.fileNames() ?? [] {
      guard name.hasSuffix(".entry") else { continue }
      let stem = name.utf8.dropLast(6)
      guard stem.count > 17, stem.dropLast(16).last == UInt8(ascii: "-"),
        let hash = UInt64(String(decoding: stem.suffix(16), as: UTF8.self), radix: 16)
      else { continue }
      hashes.insert(hash)
    }
    return hashes
  }
}

#if canImport(Glibc)
  import Glibc
#endif

/// Tells the C allocator to keep freed memory for reuse instead of giving it back at once.
///
/// glibc serves blocks of 128 KiB or more with a fresh `mmap` and unmaps them when freed, and
/// gives the top of the heap back to the system whenever 128 KiB of it are free (the thresholds
/// then move with use, which is hard to predict). A batch allocates and frees the same few
/// buffers for every sprite, and a larger sprite's hash table or pixel rows crossed those limits:
/// every sprite then paid page faults to touch fresh pages again. On the 2,056 SuperTux sprites
/// that was 2,800 of 4,150 page faults, and 10-30% of the run's time on this VM
/// (Benchmarks/README.md). With blocks up to 32 MiB taken from the heap and up to 64 MiB of free
/// heap kept, the buffers are reused; peak memory is still set by the largest sprite, not by
/// the number of sprites. Other systems' allocators are left as they are.
enum MemoryReuse {
  /// Applies the setting for the rest of the process; false where it does not apply (another
  /// C library) or the allocator refused it.
  @discardableResult
  static func keepFreedMemory() -> Bool {
    #if canImport(Glibc)
      // `mallopt` is glibc's (malloc.h), which the Glibc module does not export: found by name.
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
      let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
      // mallopt returns 1 on success.
      return mallopt(mmapThreshold, 32 << 20) == 1 && mallopt(trimThreshold, 64 << 20) == 1
    #else
      return false
    #endif
  }

  #if canImport(Glibc)
    /// `M_MMAP_THRESHOLD` and `M_TRIM_THRESHOLD` (malloc.h).
    private static let mmapThreshold: Int32 = -3
    private static let trimThreshold: Int32 = -1
  #endif
}

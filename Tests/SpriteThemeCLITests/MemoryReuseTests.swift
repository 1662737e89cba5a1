import Testing

@testable import sprite_theme

#if canImport(Glibc)
  import Glibc
#endif

/// The allocator setting `sprite-theme` applies before running a command.
@Suite("Memory reuse")
struct MemoryReuseTests {
  @Test("glibc takes the setting: a 1 MiB block then comes from the heap, not from mmap")
  func glibcKeepsFreedMemory() throws {
    #if canImport(Glibc)
      #expect(MemoryReuse.keepFreedMemory())
      // glibc's default threshold (128 KiB) would map a 1 MiB block on its own. A chunk's size
      // word, just before the block, has bit 1 (IS_MMAPPED) set for such a mapping (malloc.c).
      let block = try #require(malloc(1 << 20))
      let sizeWord = UnsafeRawPointer(block).load(fromByteOffset: -8, as: UInt.self)
      #expect(sizeWord & 2 == 0, "the block was mapped on its own")
      free(block)
    #endif
  }
}

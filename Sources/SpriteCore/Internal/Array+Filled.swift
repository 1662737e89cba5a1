extension Array {
  /// `count` copies of `value`: the same array as `init(repeating:count:)`, allocated faster.
  ///
  /// `init(repeating:count:)` and `init(unsafeUninitializedCapacity:initializingWith:)` allocate
  /// through a standard-library entry point that is not inlinable, so it is not specialised for
  /// `Element` and looks up the storage class `_ContiguousArrayStorage<Element>` in the runtime's
  /// generic-metadata cache on every call: about 400 instructions, more than the allocation
  /// itself (measured with Swift 6.3.1, Benchmarks/README.md). Copying from `repeatElement` goes
  /// through inlinable code that is specialised and caches that metadata. The palette and the
  /// decoder make a dozen small arrays per sprite, so the lookups added up to 4 % of a batch.
  @inlinable @inline(__always)
  package init(filled value: Element, count: Int) {
    self.init(repeatElement(value, count: count))
  }
}

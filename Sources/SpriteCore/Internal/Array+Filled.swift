extension Array {
  /// `count` copies of `value`: the same array as `init(repeating:count:)`, allocated faster
  /// when it is small.
  ///
  /// `init(repeating:count:)` and `init(unsafeUninitializedCapacity:initializingWith:)` allocate
  /// through a standard-library entry point that is not inlinable, so it is not specialised for
  /// `Element` and looks up the storage class `_ContiguousArrayStorage<Element>` in the runtime's
  /// generic-metadata cache on every call: about 400 instructions (Swift 6.3.1, measured with
  /// cachegrind), more than the allocation. Copying from `repeatElement` goes through inlinable
  /// code that is specialised and caches that metadata, but it stores one element at a time
  /// where `init(repeating:)` fills with `memset`; so arrays of up to 1 KiB are copied and
  /// larger ones made the usual way. The palette and the decoder make a dozen small arrays per
  /// sprite: the lookups were 4 % of the instructions of a `batch` over the samples.
  @inlinable @inline(__always)
  package init(filled value: Element, count: Int) {
    if count <= 1024 / Swift.max(1, MemoryLayout<Element>.stride) {
      self.init(repeatElement(value, count: count))
    } else {
      self.init(repeating: value, count: count)
    }
  }
}

extension Palette {
  /// Creates a palette from colours that are already distinct, given as packed `0xRRGGBB` keys
  /// and their weights, without hashing or formatting.
  ///
  /// The result equals `Palette(weights:)` for the same colours: zero weights dropped, entries by
  /// weight descending, ties by hex ascending. For opaque colours, hex order (`#rrggbb`, fixed
  /// width, lower case) is the order of the packed `0xRRGGBB` value, which is compared instead of
  /// building strings.
  ///
  /// - Precondition: `keys` and `weights` have the same count; no key repeats.
  init(distinctKeys keys: [UInt32], weights: [Int]) {
    precondition(keys.count == weights.count, "one weight per colour")
    // Plain structs, not tuples: an array of tuples has its element type built by the runtime
    // on first use.
    struct Item {
      var key: UInt32
      var weight: Int
    }
    var items = [Item]()
    items.reserveCapacity(keys.count)
    var total = 0
    for i in keys.indices where weights[i] > 0 {
      items.append(Item(key: keys[i], weight: weights[i]))
      total += weights[i]
    }
    // Insertion sort: palettes hold at most 64 colours.
    for i in items.indices.dropFirst() {
      let item = items[i]
      var j = i
      while j > 0
        && (items[j - 1].weight < item.weight
          || (items[j - 1].weight == item.weight && items[j - 1].key > item.key))
      {
        items[j] = items[j - 1]
        j -= 1
      }
      items[j] = item
    }
    assert(Set(items.map(\.key)).count == items.count, "colours must be distinct")
    // Assigned directly: delegating to `init(weights: [])` first built an empty dictionary and
    // sorted an empty array, two generic-metadata lookups per palette.
    entries = items.map { item in
      Entry(
        color: RGBA8(
          r: UInt8(truncatingIfNeeded: item.key >> 16), g: UInt8(truncatingIfNeeded: item.key >> 8),
          b: UInt8(truncatingIfNeeded: item.key)),
        weight: item.weight, population: Double(item.weight) / Double(total))
    }
  }

  /// The packed `0xRRGGBB` key of `color`, as ``init(distinctKeys:weights:)`` takes it.
  static func key(of color: RGBA8) -> UInt32 {
    UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
  }
}

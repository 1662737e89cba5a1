extension Palette {
  /// Creates a palette from colours that are already distinct, without hashing or formatting.
  ///
  /// The result equals `Palette(weights:)` for the same input: zero weights dropped, entries by
  /// weight descending, ties by hex ascending. For opaque colours, hex order (`#rrggbb`, fixed
  /// width, lower case) is the order of the packed `0xRRGGBB` value, which is compared instead of
  /// building strings.
  ///
  /// - Precondition: No two colours have the same RGB.
  init(distinct colors: [(color: RGBA8, weight: Int)]) {
    var items = [(key: UInt32, weight: Int)]()
    items.reserveCapacity(colors.count)
    var total = 0
    for (color, weight) in colors where weight > 0 {
      items.append((UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b), weight))
      total += weight
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
    self.init(weights: [])
    assert(Set(items.map(\.key)).count == items.count, "colours must be distinct")
    entries = items.map { item in
      Entry(
        color: RGBA8(
          r: UInt8(truncatingIfNeeded: item.key >> 16), g: UInt8(truncatingIfNeeded: item.key >> 8),
          b: UInt8(truncatingIfNeeded: item.key)),
        weight: item.weight, population: Double(item.weight) / Double(total))
    }
  }
}

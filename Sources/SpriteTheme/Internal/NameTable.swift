/// Strings mapped to integers, in one open-addressed table that only grows: the names a batch
/// has given, each with the next collision suffix to try for it.
///
/// `[String: Int]` would do the same, but building the first hashed standard-library collection
/// of a type makes the Swift runtime confirm `String: Hashable` by scanning every protocol
/// conformance record in the binary (about 0.1 M instructions), a visible part of a short run.
struct NameTable: Sendable {
  /// The table: a power of two long, at most half full, `nil` where free.
  private var slots: [(name: String, value: Int)?]
  /// The number of names held.
  private(set) var count = 0

  /// Creates an empty table with room for `capacity` names before it grows.
  init(minimumCapacity capacity: Int = 0) {
    slots = Array(repeating: nil, count: Self.slotCount(holding: capacity))
  }

  /// The value stored for `name`; setting one adds the name when it is new.
  subscript(name: String) -> Int? {
    get { slots[slot(of: name)]?.value }
    set {
      guard let newValue else { preconditionFailure("names cannot be removed") }
      var index = slot(of: name)
      if slots[index] == nil {
        if 2 * (count + 1) > slots.count {
          grow()
          index = slot(of: name)
        }
        count += 1
      }
      slots[index] = (name, newValue)
    }
  }

  /// The slot holding `name`, or the free slot where it would go (linear probing).
  private func slot(of name: String) -> Int {
    let mask = slots.count - 1
    var index = name.hashValue & mask
    while let held = slots[index], held.name != name { index = (index + 1) & mask }
    return index
  }

  /// Doubles the table and places every name again.
  private mutating func grow() {
    let old = slots
    slots = Array(repeating: nil, count: 2 * old.count)
    for case let (name, value)? in old { slots[slot(of: name)] = (name, value) }
  }

  /// The smallest table size, a power of two of at least 16, that holds `count` names at most
  /// half full.
  private static func slotCount(holding count: Int) -> Int {
    var size = 16
    while size < 2 * count { size *= 2 }
    return size
  }
}

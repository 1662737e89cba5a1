/// A set of strings that can only grow: membership and insertion in one open-addressed table.
///
/// `Set<String>` would do the same, but building the first hashed standard-library collection
/// of a type makes the Swift runtime confirm `String: Hashable` by scanning every protocol
/// conformance record in the binary (about 0.1 M instructions), a visible part of a short run.
struct NameSet: Sendable {
  /// The table: a power of two long, at most half full, `nil` where free.
  private var slots: [String?]
  /// The number of strings held.
  private(set) var count = 0

  /// Creates an empty set with room for `capacity` strings before it grows.
  init(minimumCapacity capacity: Int = 0) {
    slots = Array(repeating: nil, count: Self.slotCount(holding: capacity))
  }

  /// True when `name` was inserted.
  func contains(_ name: String) -> Bool {
    slots[slot(of: name)] != nil
  }

  /// Adds `name`; returns false when it was there already.
  @discardableResult
  mutating func insert(_ name: String) -> Bool {
    if 2 * (count + 1) > slots.count { grow() }
    let index = slot(of: name)
    guard slots[index] == nil else { return false }
    slots[index] = name
    count += 1
    return true
  }

  /// The slot holding `name`, or the free slot where it would go (linear probing).
  private func slot(of name: String) -> Int {
    let mask = slots.count - 1
    var index = name.hashValue & mask
    while let held = slots[index], held != name { index = (index + 1) & mask }
    return index
  }

  /// Doubles the table and re-inserts every string.
  private mutating func grow() {
    let old = slots
    slots = Array(repeating: nil, count: 2 * old.count)
    count = 0
    for case let name? in old { insert(name) }
  }

  /// The smallest table size, a power of two of at least 16, that holds `count` strings at most
  /// half full.
  private static func slotCount(holding count: Int) -> Int {
    var size = 16
    while size < 2 * count { size *= 2 }
    return size
  }
}

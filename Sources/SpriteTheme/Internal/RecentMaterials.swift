import SpriteCore
import SpriteMaterial
import Synchronization

/// The Material blocks of the last few source colours a pipeline themed, so that sprites which
/// share a source (the frames of one animation, the tiles of one set) solve their schemes once.
///
/// Solving the 98 role colours of a light and a dark scheme is about a fifth of a sprite's
/// theme; in the SuperTux corpus one sprite in five has the source colour of one of the 16
/// sprites before it. The memo is small and forgets the oldest entry, so memory stays flat
/// however many sprites a run has. A hit returns exactly what computing the block would: the key
/// holds every input of ``Theme/Material/init(source:variant:contrastLevel:spec:)``.
final class RecentMaterials: Sendable {
  /// What a Material block is computed from.
  struct Key: Hashable {
    /// The source colour, opaque.
    let source: RGBA8
    /// The scheme variant.
    let variant: MaterialVariant
    /// The contrast level.
    let contrastLevel: Double
    /// The colour specification.
    let spec: MaterialSpec
  }

  /// How many source colours are remembered.
  let capacity: Int
  /// Entries, most recently used last.
  private let entries: Mutex<[(key: Key, material: Theme.Material)]>

  /// An empty memo of `capacity` entries.
  init(capacity: Int = 16) {
    precondition(capacity > 0, "a memo holds at least one entry")
    self.capacity = capacity
    entries = Mutex([])
  }

  /// The Material block of `source` in `variant` at `contrastLevel` in `spec`, remembered or
  /// computed.
  func material(
    source: RGBA8, variant: MaterialVariant, contrastLevel: Double, spec: MaterialSpec = .default
  ) -> Theme.Material {
    let key = Key(
      source: RGBA8(r: source.r, g: source.g, b: source.b), variant: variant,
      contrastLevel: contrastLevel, spec: spec)
    if let remembered = lookUp(key) { return remembered }
    // Computed outside the lock: another job may compute the same block at the same time, and
    // both results are equal.
    let material = Theme.Material(
      source: source, variant: variant, contrastLevel: contrastLevel, spec: spec)
    entries.withLock { entries in
      if entries.count == capacity { entries.removeFirst() }
      entries.append((key, material))
    }
    return material
  }

  /// The block for `key`, moved to the most recent place; nil when it is not remembered.
  private func lookUp(_ key: Key) -> Theme.Material? {
    entries.withLock { entries in
      guard let index = entries.lastIndex(where: { $0.key == key }) else { return nil }
      let entry = entries.remove(at: index)
      entries.append(entry)
      return entry.material
    }
  }
}

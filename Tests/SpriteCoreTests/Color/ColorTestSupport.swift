import SpriteCore
import _SpriteTestSupport

/// Random opaque colours from a repeatable generator, for the colour property tests.
struct SeededRandomForColor {
  var generator: SeededRandom

  init(seed: UInt64) {
    generator = SeededRandom(seed: seed)
  }

  mutating func byte() -> UInt8 {
    UInt8.random(in: 0...255, using: &generator)
  }

  mutating func color() -> RGBA8 {
    RGBA8(r: byte(), g: byte(), b: byte())
  }
}

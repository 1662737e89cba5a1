/// The distinct visible colours of an image and their alpha-weighted counts, in ascending packed
/// RGB order (a canonical order: it does not depend on where the pixels are in the image).
///
/// Pixels with alpha 0 are ignored; every other pixel adds its alpha (1-255) to the weight of its
/// straight RGB colour, whatever that alpha is. So the weights sum exactly to Σ alpha of the
/// visible pixels.
///
/// The visible pixels are packed as `0xRRGGBBAA` words and put in order with a least-significant-
/// digit radix sort on the three colour bytes (three counting passes, no comparisons, no hashing),
/// then equal colours are merged. That is O(pixels) with two scratch buffers and no per-pixel
/// allocation.
struct DistinctColors: Sendable {
  /// The colours as `0xRRGGBB`, strictly ascending.
  var keys: [UInt32]
  /// The sum of the alpha values of the pixels of each colour, parallel to `keys`.
  var weights: [Int]

  /// The number of distinct colours.
  var count: Int { keys.count }

  /// The sum of every weight: Σ alpha over the visible pixels.
  var totalWeight: Int { weights.reduce(0, &+) }

  /// Creates the list from colours and weights already in strictly ascending key order.
  init(sortedKeys: [UInt32], weights: [Int]) {
    precondition(sortedKeys.count == weights.count, "one weight per colour")
    self.keys = sortedKeys
    self.weights = weights
  }

  /// Counts the distinct visible colours of `image`.
  ///
  /// - Complexity: O(*n*) for *n* pixels.
  init(of image: RGBAImage) {
    let pixelCount = image.pixelCount
    // Pass 1: gather the visible pixels as 0xRRGGBBAA and count the three colour bytes.
    var counts = [Int](repeating: 0, count: 3 * 256)
    var packed = [UInt32](repeating: 0, count: pixelCount)
    let visible = image.pixels.withUnsafeBytes { raw in
      packed.withUnsafeMutableBufferPointer { out in
        counts.withUnsafeMutableBufferPointer { counts in
          var n = 0
          var offset = 0
          for _ in 0..<pixelCount {
            // Bytes R, G, B, A in memory; as a big-endian word that is 0xRRGGBBAA.
            let word = UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            offset &+= 4
            if word & 0xFF != 0 {
              out[n] = word
              n &+= 1
              counts[Int((word >> 8) & 0xFF)] &+= 1
              counts[256 &+ Int((word >> 16) & 0xFF)] &+= 1
              counts[512 &+ Int(word >> 24)] &+= 1
            }
          }
          return n
        }
      }
    }
    guard visible > 0 else {
      self.init(sortedKeys: [], weights: [])
      return
    }

    // Passes 2-4: a stable counting sort on each colour byte, blue first (least significant).
    var scratch = [UInt32](repeating: 0, count: visible)
    var sortedIsPacked = true
    counts.withUnsafeMutableBufferPointer { counts in
      for pass in 0..<3 {
        let base = pass * 256
        let shift = UInt32(8 * (pass + 1))
        // A byte shared by every pixel cannot change the order: skip the pass.
        var occupied = 0
        for digit in 0..<256 where counts[base + digit] != 0 { occupied += 1 }
        if occupied <= 1 { continue }
        var start = 0
        for digit in 0..<256 {
          let c = counts[base + digit]
          counts[base + digit] = start
          start += c
        }
        packed.withUnsafeMutableBufferPointer { a in
          scratch.withUnsafeMutableBufferPointer { b in
            let (source, target) = sortedIsPacked ? (a, b) : (b, a)
            for i in 0..<visible {
              let word = source[i]
              let digit = base &+ Int((word >> shift) & 0xFF)
              target[counts[digit]] = word
              counts[digit] &+= 1
            }
          }
        }
        sortedIsPacked.toggle()
      }
    }
    let sorted = sortedIsPacked ? packed : scratch

    // Merge runs of equal colour, summing their alphas.
    var keys = [UInt32]()
    var weights = [Int]()
    sorted.withUnsafeBufferPointer { sorted in
      var runKey = sorted[0] >> 8
      var runWeight = 0
      for i in 0..<visible {
        let word = sorted[i]
        let key = word >> 8
        if key != runKey {
          keys.append(runKey)
          weights.append(runWeight)
          runKey = key
          runWeight = 0
        }
        runWeight &+= Int(word & 0xFF)
      }
      keys.append(runKey)
      weights.append(runWeight)
    }
    self.init(sortedKeys: keys, weights: weights)
  }

  /// The colour of entry `index` as an opaque `RGBA8`.
  func color(at index: Int) -> RGBA8 {
    let key = keys[index]
    return RGBA8(
      r: UInt8(truncatingIfNeeded: key >> 16), g: UInt8(truncatingIfNeeded: key >> 8),
      b: UInt8(truncatingIfNeeded: key))
  }
}

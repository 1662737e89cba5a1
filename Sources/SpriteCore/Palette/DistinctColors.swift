/// The distinct visible colours of an image and their alpha-weighted counts, in ascending packed
/// RGB order (a canonical order: it does not depend on where the pixels are in the image).
///
/// Pixels with alpha 0 are ignored; every other pixel adds its alpha (1-255) to the weight of its
/// straight RGB colour, whatever that alpha is. So the weights sum exactly to Σ alpha of the
/// visible pixels.
///
/// Sprite-sized images (up to 65 536 pixels) are counted in an open-addressing hash table, after
/// summing runs of one colour along each row, then put in order with a least-significant-digit
/// radix sort on their three bytes (three counting passes; insertion sort for a few dozen).
/// Larger ones are counted in the colour cube: a bit per 24-bit colour marks the colours present,
/// and a colour's rank among them (a population count, as in succinct rank structures, Jacobson
/// 1989) is its place in the ascending list, so the weights are summed in order with no sort and
/// no hash. Either way that is O(pixels) in time, and the memory beyond the image is bounded by
/// ``scratchBytes(pixelCount:)``: per pixel for a sprite, per distinct colour (at most 2²⁴) and
/// 3 MiB for a larger image.
struct DistinctColors: Sendable {
  /// The colours as `0xRRGGBB`, each once; strictly ascending when `isSorted`.
  var keys: [UInt32]
  /// Whether `keys` are in ascending order (always, except from ``init(of:sortingAtMost:)``).
  private(set) var isSorted = true
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
    self.init(of: image, sortingAtMost: .max)
  }

  /// Counts the distinct visible colours of `image`, but may leave them in first-seen order
  /// (`isSorted == false`) when there are more than `limit`: for callers whose result does not
  /// depend on the order, such as the grid pooling, which sums integers per cell.
  ///
  /// - Complexity: O(*n*) for *n* pixels.
  init(of image: RGBAImage, sortingAtMost limit: Int) {
    guard image.pixelCount <= Self.hashingLimit else {
      let (keys, weights) = Self.cubeCounted(image)
      self.init(sortedKeys: keys, weights: weights)
      return
    }
    var entries = Self.hashedEntries(image)
    // More than 48 entries come from the hash table, one per colour: nothing to merge.
    if entries.count > Swift.max(limit, 48) {
      self.init(distinctEntries: entries)
      return
    }
    entries.withUnsafeMutableBufferPointer { Self.sortByColor($0) }
    self.init(sortedEntries: entries)
  }

  /// Images with at most this many pixels are counted in a hash table; larger ones in the
  /// colour cube.
  static let hashingLimit = 1 << 16

  /// The most bytes counting the colours of an image of `pixelCount` pixels holds at once, beyond
  /// the image: for a sprite, per pixel a run, a table slot pair, an entry and its sort slot, and
  /// the key and weight made of it; for a larger image, the cube's bits and ranks (3 MiB) and per
  /// distinct colour (at most 2²⁴) its key and weight. The memory budget counts this.
  static func scratchBytes(pixelCount: Int) -> Int {
    let pixels = Swift.max(pixelCount, 1)
    guard pixels > hashingLimit else { return 8 + 64 * pixels }
    return cubeWords * 12 + 12 * Swift.min(pixels, 1 << 24)
  }

  /// The 64-bit words of a bit per 24-bit colour.
  private static let cubeWords = (1 << 24) / 64

  /// The distinct visible colours of a large image and their weights, in ascending order: a first
  /// pass marks each colour's bit, a prefix count of the bits gives each colour its rank, and a
  /// second pass adds each pixel's alpha to the weight at its colour's rank. A pixel of the
  /// colour of the one before it skips the lookups (runs are most of pixel art).
  private static func cubeCounted(_ image: RGBAImage) -> (keys: [UInt32], weights: [Int]) {
    let bits = UnsafeMutablePointer<UInt64>.allocate(capacity: cubeWords)
    bits.initialize(repeating: 0, count: cubeWords)
    defer { bits.deallocate() }
    let pixelCount = image.pixelCount
    image.pixels.withUnsafeBytes { raw in
      var previous: UInt32 = 0
      for offset in stride(from: 0, to: 4 &* pixelCount, by: 4) {
        let word = UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        guard word & 0xFF != 0, word >> 8 != previous >> 8 || previous & 0xFF == 0 else {
          previous = word
          continue
        }
        previous = word
        let key = Int(truncatingIfNeeded: word >> 8)
        bits[key >> 6] |= 1 << UInt64(key & 63)
      }
    }
    // ranks[w]: the colours present in the words before w.
    let ranks = UnsafeMutablePointer<UInt32>.allocate(capacity: cubeWords)
    defer { ranks.deallocate() }
    var present = 0
    for w in 0..<cubeWords {
      ranks[w] = UInt32(truncatingIfNeeded: present)
      present &+= bits[w].nonzeroBitCount
    }
    var keys = [UInt32]()
    keys.reserveCapacity(present)
    for w in 0..<cubeWords where bits[w] != 0 {
      var word = bits[w]
      while word != 0 {
        keys.append(UInt32(truncatingIfNeeded: w << 6 | word.trailingZeroBitCount))
        word &= word &- 1
      }
    }
    var weights = [Int](repeating: 0, count: present)
    weights.withUnsafeMutableBufferPointer { weights in
      image.pixels.withUnsafeBytes { raw in
        var previous: UInt32 = 0
        var rank = 0
        for offset in stride(from: 0, to: 4 &* pixelCount, by: 4) {
          let word = UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
          let alpha = Int(word & 0xFF)
          if alpha == 0 { continue }
          if word >> 8 != previous >> 8 || previous & 0xFF == 0 {
            let key = Int(truncatingIfNeeded: word >> 8)
            let below = bits[key >> 6] & ((1 << UInt64(key & 63)) &- 1)
            rank = Int(ranks[key >> 6]) &+ below.nonzeroBitCount
          }
          previous = word
          weights[rank] &+= alpha
        }
      }
    }
    return (keys, weights)
  }

  /// An entry packs a colour and a weight as `0xRRGGBB << 40 | weight`, so entries sort by colour.
  private static let weightBits: UInt64 = 40

  /// The weight bits of an entry.
  private static let weightMask: UInt64 = (1 << weightBits) - 1

  /// One entry per distinct visible colour, in the order first seen, counted in an open-addressing
  /// hash table.
  ///
  /// Runs of one colour along a row are summed first, which is most of a pixel-art sprite; a
  /// few dozen runs are returned as they are (sorting merges them). Linear probing in a table at
  /// most half full. The buffers are allocated directly rather than as arrays, so none is cleared
  /// that need not be: most pages of the runs buffer are never touched.
  private static func hashedEntries(_ image: RGBAImage) -> [UInt64] {
    let pixelCount = image.pixelCount
    // The runs are 1...runCount; slot 0 takes the stores of transparent pixels. Uninitialised:
    // only the runs are written, and a large image has far fewer runs than pixels, so most of
    // the pages of this buffer are never touched.
    let runs = UnsafeMutablePointer<UInt64>.allocate(capacity: pixelCount &+ 1)
    defer { runs.deallocate() }
    let runCount = image.pixels.withUnsafeBytes { raw in
      Self.sumRuns(raw, pixelCount: pixelCount, into: runs)
    }
    let found = UnsafeBufferPointer(start: runs + 1, count: runCount)
    if runCount <= 48 { return Array(found) }

    let capacity = max(64, 1 << (Int.bitWidth - (2 * runCount - 1).leadingZeroBitCount))
    let shift = UInt64(64 - capacity.trailingZeroBitCount)
    let mask = capacity - 1
    // Slots hold colour << 32 | (position + 1), 0 when free; the entries themselves stay compact
    // in first-seen order, so nothing has to scan the mostly empty table afterwards.
    let table = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    table.initialize(repeating: 0, count: capacity)
    defer { table.deallocate() }
    // Written in order before any is read: no need to clear.
    let entries = UnsafeMutablePointer<UInt64>.allocate(capacity: runCount)
    defer { entries.deallocate() }
    var distinct = 0
    for run in found {
      let key = run >> weightBits
      // Fibonacci hashing: the top bits of colour × 2⁶⁴/φ.
      var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
      while true {
        let occupant = table[slot]
        if occupant == 0 {
          entries[distinct] = run
          distinct &+= 1
          table[slot] = key << 32 | UInt64(distinct)
          break
        }
        if occupant >> 32 == key {
          let position = Int(truncatingIfNeeded: occupant & 0xFFFF_FFFF) &- 1
          entries[position] &+= run & weightMask
          break
        }
        slot = (slot &+ 1) & mask
      }
    }
    return Array(UnsafeBufferPointer(start: entries, count: distinct))
  }

  /// Writes one entry per run of one visible colour along the pixels to `runs[1...]` and returns
  /// how many; `runs` holds `pixelCount + 1`. A transparent pixel ends a run (the merge after
  /// this joins runs of one colour however they were cut).
  ///
  /// Branch-free per pixel: a pixel-art row changes colour every few pixels, too often for a
  /// branch on "same colour as the last one" to be predicted. Whether a pixel starts a run
  /// depends only on it and the pixel before it, so the only values carried from pixel to pixel
  /// are the run's slot and weight. Each visible pixel adds its alpha to the current run, or
  /// starts the next one, and stores the run again; transparent pixels store into slot 0, which
  /// is scratch.
  @inline(__always)
  private static func sumRuns(
    _ raw: UnsafeRawBufferPointer, pixelCount: Int, into runs: UnsafeMutablePointer<UInt64>
  ) -> Int {
    var slot = 0
    var runWeight: UInt64 = 0
    // The pixel before, as 0xRRGGBBAA; transparent (alpha 0) before the first.
    var previous: UInt32 = 0
    var offset = 0
    let end = 4 &* pixelCount
    // The alpha bytes (3 and 7) of two pixels read as one word, in either byte order.
    let alphas = UInt64(littleEndian: 0xFF00_0000_FF00_0000)
    while offset < end {
      // Two transparent pixels at a time: sprites are mostly background.
      if end &- offset >= 8,
        raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & alphas == 0
      {
        offset &+= 8
        previous = 0
        continue
      }
      // Bytes R, G, B, A in memory; as a big-endian word that is 0xRRGGBBAA.
      let word = UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
      offset &+= 4
      let alpha = UInt64(word & 0xFF)
      // 1 when alpha > 0; the pixel starts a run when the one before is transparent or of
      // another colour.
      let visible = (alpha &+ 0xFF) >> 8
      let continues = (previous & 0xFF != 0) && (previous ^ word) >> 8 == 0
      let starts = visible & (continues ? 0 : 1)
      previous = word
      slot &+= Int(truncatingIfNeeded: starts)
      runWeight = starts != 0 ? alpha : runWeight &+ alpha
      let target = visible != 0 ? slot : 0
      runs[target] = UInt64(word >> 8) << weightBits | runWeight
    }
    return slot
  }

  /// Sorts entries by colour: insertion sort when short, else a stable LSD radix sort on the three
  /// colour bytes (three counting passes).
  private static func sortByColor(_ entries: UnsafeMutableBufferPointer<UInt64>) {
    let n = entries.count
    if n <= 48 {
      for i in 1..<max(n, 1) {
        let entry = entries[i]
        var j = i
        while j > 0 && entries[j &- 1] > entry {
          entries[j] = entries[j &- 1]
          j &-= 1
        }
        entries[j] = entry
      }
      return
    }
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * 256) { counts in
      counts.initialize(repeating: 0)
      // Allocated directly, like the buffers of `hashedEntries`.
      let scratch = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: n)
      defer { scratch.deallocate() }
      for entry in entries {
        counts[Int((entry >> weightBits) & 0xFF)] &+= 1
        counts[256 &+ Int((entry >> (weightBits + 8)) & 0xFF)] &+= 1
        counts[512 &+ Int((entry >> (weightBits + 16)) & 0xFF)] &+= 1
      }
      var source = entries
      var target = scratch
      for pass in 0..<3 {
        let digits = UnsafeMutableBufferPointer(rebasing: counts[(pass * 256)..<(pass * 256 + 256)])
        // Counts become start offsets; a byte shared by every entry cannot change the order.
        var start = 0
        var skip = false
        for digit in 0..<256 {
          let c = digits[digit]
          if c == n { skip = true }
          digits[digit] = start
          start &+= c
        }
        if skip { continue }
        let shift = weightBits + UInt64(8 * pass)
        for entry in source {
          let digit = Int((entry >> shift) & 0xFF)
          target[digits[digit]] = entry
          digits[digit] &+= 1
        }
        swap(&source, &target)
      }
      if source.baseAddress != entries.baseAddress {
        _ = entries.update(fromContentsOf: source)
      }
    }
  }

  /// Creates the list from entries sorted by colour, merging entries of the same colour.
  private init(sortedEntries entries: [UInt64]) {
    guard let first = entries.first else {
      self.init(sortedKeys: [], weights: [])
      return
    }
    let shift = Self.weightBits
    let mask = Self.weightMask
    var keys = [UInt32]()
    var weights = [Int]()
    keys.reserveCapacity(entries.count)
    weights.reserveCapacity(entries.count)
    var runKey = first >> shift
    var runWeight: UInt64 = 0
    for entry in entries {
      let key = entry >> shift
      if key != runKey {
        keys.append(UInt32(truncatingIfNeeded: runKey))
        weights.append(Int(runWeight))
        runKey = key
        runWeight = 0
      }
      runWeight &+= entry & mask
    }
    keys.append(UInt32(truncatingIfNeeded: runKey))
    weights.append(Int(runWeight))
    self.init(sortedKeys: keys, weights: weights)
  }

  /// Creates the list from entries of distinct colours in any order, keeping that order.
  private init(distinctEntries entries: [UInt64]) {
    let mask = Self.weightMask
    self.init(
      sortedKeys: entries.map { UInt32(truncatingIfNeeded: $0 >> Self.weightBits) },
      weights: entries.map { Int($0 & mask) })
    isSorted = false
  }

  /// The colour of entry `index` as an opaque `RGBA8`.
  func color(at index: Int) -> RGBA8 {
    let key = keys[index]
    return RGBA8(
      r: UInt8(truncatingIfNeeded: key >> 16), g: UInt8(truncatingIfNeeded: key >> 8),
      b: UInt8(truncatingIfNeeded: key))
  }
}

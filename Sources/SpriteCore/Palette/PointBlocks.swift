/// Points stored four to a block, structure-of-arrays, for nearest-centroid searches that run
/// over many points against few centroids (k-means and k-medians rounds, the final weights).
///
/// Each block compares four points with one centroid per SIMD operation. Each squared distance
/// is tagged with its centroid's index in its six lowest mantissa bits, so the running minimum
/// finds the nearest centroid and breaks ties (distances within a relative 2⁻¹⁷ of each other)
/// toward the lowest index, with no branches. A point's answer depends only on the point and the
/// centroids.
struct PointBlocks {
  /// The most centroids a search covers.
  static let capacity = 64

  /// L, a and b of points 4i..<4i+4 at 3i, 3i+1 and 3i+2; lanes past the end repeat the last.
  private var blocks: [SIMD4<Float>]
  /// The number of points.
  let count: Int

  /// Stores `points`, each (L, a, b, ·).
  init(_ points: [SIMD4<Float>]) {
    count = points.count
    let blockCount = (count + 3) / 4
    blocks = [SIMD4<Float>](repeating: .zero, count: 3 * blockCount)
    blocks.withUnsafeMutableBufferPointer { blocks in
      for block in 0..<blockCount {
        for lane in 0..<4 {
          let p = points[Swift.min(4 * block + lane, count - 1)]
          blocks[3 * block][lane] = p[0]
          blocks[3 * block + 1][lane] = p[1]
          blocks[3 * block + 2][lane] = p[2]
        }
      }
    }
  }

  /// Writes, for every point, the index of its nearest centroid (at most 64 centroids).
  func nearest(_ centroids: [SIMD4<Float>], into result: UnsafeMutableBufferPointer<Int32>) {
    precondition(centroids.count <= Self.capacity && result.count >= count)
    // Each centroid broadcast to all four lanes (on the stack: at most 192 vectors).
    withUnsafeTemporaryAllocation(of: SIMD4<Float>.self, capacity: 3 * centroids.count) {
      broadcast in
      for (index, c) in centroids.enumerated() {
        broadcast[3 * index] = SIMD4(repeating: c[0])
        broadcast[3 * index + 1] = SIMD4(repeating: c[1])
        broadcast[3 * index + 2] = SIMD4(repeating: c[2])
      }
      let centres = UnsafeBufferPointer(broadcast)
      blocks.withUnsafeBufferPointer { blocks in
        // Two blocks per pass over the centroids: two independent dependency chains.
        var first = 0
        while first < count {
          let block = 3 &* (first >> 2)
          let second = Swift.min(block &+ 3, blocks.count &- 3)
          let l0 = blocks[block]
          let a0 = blocks[block &+ 1]
          let b0 = blocks[block &+ 2]
          let l1 = blocks[second]
          let a1 = blocks[second &+ 1]
          let b1 = blocks[second &+ 2]
          var best0 = SIMD4<Float>(repeating: .infinity)
          var best1 = SIMD4<Float>(repeating: .infinity)
          var j = 0
          var tag = SIMD4<UInt32>.zero
          while j < centres.count {
            let cl = centres[j]
            let ca = centres[j &+ 1]
            let cb = centres[j &+ 2]
            best0 = Self.keepNearer(best0, l0 - cl, a0 - ca, b0 - cb, tag)
            best1 = Self.keepNearer(best1, l1 - cl, a1 - ca, b1 - cb, tag)
            j &+= 3
            tag &+= 1
          }
          let indices0 = Self.tags(best0)
          let indices1 = Self.tags(best1)
          if count &- first >= 8 {
            // Two vector stores (unaligned: `result` is only aligned for Int32).
            let out = UnsafeMutableRawPointer(result.baseAddress! + first)
            out.storeBytes(of: indices0, as: SIMD4<Int32>.self)
            out.storeBytes(of: indices1, toByteOffset: 16, as: SIMD4<Int32>.self)
          } else {
            for lane in 0..<(count &- first) {
              result[first &+ lane] = lane < 4 ? indices0[lane] : indices1[lane &- 4]
            }
          }
          first &+= 8
        }
      }
    }
  }

  /// The centroid indices tagged into the low bits of `best`'s lanes.
  @inline(__always)
  private static func tags(_ best: SIMD4<Float>) -> SIMD4<Int32> {
    unsafeBitCast(unsafeBitCast(best, to: SIMD4<UInt32>.self) & 63, to: SIMD4<Int32>.self)
  }

  /// `best`, lane by lane, or the tagged squared distance (dl, da, db) where that is smaller.
  @inline(__always)
  private static func keepNearer(
    _ best: SIMD4<Float>, _ dl: SIMD4<Float>, _ da: SIMD4<Float>, _ db: SIMD4<Float>,
    _ tag: SIMD4<UInt32>
  ) -> SIMD4<Float> {
    // + 1e-30 keeps a zero distance a normal number once tagged (no subnormal slow path).
    let d = dl * dl + da * da + db * db + 1e-30
    let tagged = unsafeBitCast(
      (unsafeBitCast(d, to: SIMD4<UInt32>.self) & 0xFFFF_FFC0) | tag, to: SIMD4<Float>.self)
    return best.replacing(with: tagged, where: tagged .< best)
  }
}

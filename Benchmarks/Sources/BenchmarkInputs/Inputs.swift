// Deterministic inputs for the benchmark suites and the decode loop.
//
// Everything here is built from a fixed seed or read from files before any measurement starts,
// so every run of every suite sees the same bytes.

import SpriteCore
import SpritePNG

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small, fast, deterministic generator (SplitMix64). Not for anything but test inputs.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z &>> 31)
  }
}

public enum Inputs {
  /// The seed every synthetic image starts from.
  public static let seed: UInt64 = 0x5350_5249_5445  // "SPRITE"

  /// A sprite-like RGBA image: a soft-edged blob of noisy gradients on a transparent background.
  ///
  /// About 60% of the pixels are opaque, a thin ring is partly transparent and the corners are
  /// fully transparent, so area averages skip some pixels and PNG compression is neither trivial
  /// (a flat colour) nor hopeless (pure noise).
  public static func sprite(side: Int, seed: UInt64 = Inputs.seed) -> RGBAImage {
    var rng = SeededGenerator(seed: seed &+ UInt64(side))
    let centre = Double(side - 1) / 2
    let radius = Double(side) * 0.45
    let edge = max(1.0, Double(side) / 32)
    var pixels = [UInt8](repeating: 0, count: side * side * 4)
    pixels.withUnsafeMutableBufferPointer { p in
      var i = 0
      for y in 0..<side {
        for x in 0..<side {
          let dx = Double(x) - centre
          let dy = Double(y) - centre
          let distance = (dx * dx + dy * dy).squareRoot()
          let noise = rng.next()
          let alpha: UInt8
          if distance <= radius - edge {
            alpha = 255
          } else if distance < radius {
            alpha = UInt8(clamping: Int(255 * (radius - distance) / edge))
          } else {
            alpha = 0
          }
          if alpha > 0 {
            let jitter = { (shift: UInt64) in Int((noise &>> shift) & 0x0F) - 8 }
            p[i] = UInt8(clamping: x * 255 / side + jitter(0))
            p[i + 1] = UInt8(clamping: y * 255 / side + jitter(8))
            p[i + 2] = UInt8(clamping: 96 + (x + y) * 64 / side + jitter(16))
            p[i + 3] = alpha
          }
          i += 4
        }
      }
    }
    return RGBAImage(width: side, height: side, pixels: pixels)
  }

  /// The PNG encoding of ``sprite(side:seed:)``, made with ``PNGEncoder``.
  public static func encodedSprite(side: Int) -> [UInt8] {
    do {
      return try PNGEncoder.encode(sprite(side: side))
    } catch {
      fatalError("PNGEncoder failed on a \(side)x\(side) synthetic sprite: \(error)")
    }
  }

  /// `samples/sprites` of the root package, found from this file's path (not the working
  /// directory): `<root>/Benchmarks/Sources/BenchmarkInputs/Inputs.swift`.
  public static var samplesDirectory: String {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)  // Inputs.swift, BenchmarkInputs, Sources, Benchmarks
    return parts.joined(separator: "/") + "/samples/sprites"
  }

  /// The bytes of every `*.png` in `directory`, sorted by file name.
  ///
  /// Stops the process with a message when the folder cannot be read, holds no PNG, or a file
  /// cannot be read: a benchmark over a silently empty corpus would measure nothing.
  public static func pngFiles(in directory: String = samplesDirectory) -> [(
    name: String, bytes: [UInt8]
  )] {
    guard let dir = opendir(directory) else { fatalError("cannot open \(directory)") }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      if name.hasSuffix(".png") { names.append(name) }
    }
    closedir(dir)
    names.sort()
    guard !names.isEmpty else { fatalError("no .png files in \(directory)") }
    return names.map { name in
      let path = directory + "/" + name
      guard let bytes = readFile(path) else { fatalError("cannot read \(path)") }
      return (name, bytes)
    }
  }

  /// The whole file at `path`, or `nil` when it cannot be opened or read.
  public static func readFile(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
      if n < chunk.count { break }
    }
    return ferror(file) == 0 ? bytes : nil
  }
}

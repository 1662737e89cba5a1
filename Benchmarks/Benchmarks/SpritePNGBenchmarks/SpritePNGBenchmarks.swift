// PNG decode and encode through SpritePNG (libpng underneath).
//
// Inputs are read or encoded once, outside the measured region; each iteration decodes or
// encodes from memory only.

import Benchmark
import BenchmarkInputs
import SpriteCore
import SpritePNG

/// Every PNG in samples/sprites, read once.
let samples: [[UInt8]] = Inputs.pngFiles().map(\.bytes)
/// Synthetic sprites encoded by PNGEncoder (colour type 6, 8-bit, zlib level 6).
let rgba256PNG: [UInt8] = Inputs.encodedSprite(side: 256)
let rgba1024PNG: [UInt8] = Inputs.encodedSprite(side: 1024)
let rgba256: RGBAImage = Inputs.sprite(side: 256)

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    maxDuration: .seconds(2),
    maxIterations: 10_000)

  // One iteration decodes all sample sprites (about 50 small files).
  Benchmark("PNGDecode/samples-all") { benchmark in
    let files = samples
    let decoder = PNGDecoder()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      for bytes in files {
        blackHole(try decoder.decode(bytes))
      }
    }
  }

  for (side, png) in [(256, rgba256PNG), (1024, rgba1024PNG)] {
    Benchmark("PNGDecode/rgba8-\(side)x\(side)") { benchmark in
      let bytes = png
      let decoder = PNGDecoder()
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        blackHole(try decoder.decode(bytes))
      }
    }
  }

  Benchmark("PNGEncode/rgba8-256x256") { benchmark in
    let image = rgba256
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(try PNGEncoder.encode(image))
    }
  }
}

// SpriteCore: area averages and thumbnails on synthetic sprites from a fixed seed (Inputs.swift).

import Benchmark
import BenchmarkInputs
import SpriteCore

let sides = [16, 32, 64, 256, 1024]
/// The synthetic sprites, built once per process before any measurement.
let images: [Int: RGBAImage] = Dictionary(
  uniqueKeysWithValues: sides.map { ($0, Inputs.sprite(side: $0)) })

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    maxDuration: .seconds(2),
    maxIterations: 10_000)

  // Area average: the centre eighth (the default extent) and the whole image.
  for side in [16, 64, 256, 1024] {
    for (label, extent) in [("centre", Extent.centre), ("full", Extent.full)] {
      // The centre of a 16x16 or 64x64 image, and all of a 16x16 one, take well under 1 µs.
      let small = side <= 64 && !(side == 64 && label == "full")
      Benchmark(
        "AreaAverage/rgba8-\(side)x\(side)/\(label)",
        configuration: .init(scalingFactor: small ? .kilo : .one)
      ) { benchmark in
        let image = images[side]!
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
          blackHole(AreaAverage(of: image, over: extent))
        }
      }
    }
  }

  // Palettes: K colours from an alpha-aware OKLab quantiser, and the six swatches from K = 16.
  for side in [32, 256] {
    for k in [4, 8, 16] {
      Benchmark("Palette.k\(k)/rgba8-\(side)x\(side)") { benchmark in
        let image = images[side]!
        let extractor = PaletteExtractor(maxColors: k)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
          blackHole(extractor.palette(of: image))
        }
      }
    }
    Benchmark("Swatches/rgba8-\(side)x\(side)") { benchmark in
      let palette = PaletteExtractor(maxColors: 16).palette(of: images[side]!)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        blackHole(Swatches(palette: palette))
      }
    }
  }

  // Thumbnails: (filter name, filter, source side, thumbnail size).
  let thumbnails: [(String, Thumbnail.Filter, Int, Int)] = [
    ("area", .area, 1024, 64),
    ("area", .area, 256, 96),
    ("nearest", .nearest, 32, 96),
    ("lanczos3", .lanczos3, 256, 96),
  ]
  for (name, filter, source, size) in thumbnails {
    Benchmark("Thumbnail.\(name)/\(source)-to-\(size)") { benchmark in
      let image = images[source]!
      let thumbnail = Thumbnail(size: size, filter: filter)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        blackHole(thumbnail.apply(to: image))
      }
    }
  }
}

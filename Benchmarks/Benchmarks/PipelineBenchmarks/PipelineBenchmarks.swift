// The whole pipeline: one sample from bytes to theme, theme encoding, and a batch over samples/.

import Benchmark
import BenchmarkInputs
import Foundation
import SpriteTheme

/// The sample sprites' bytes, read once per process before any measurement.
let samples = Inputs.pngFiles()

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    maxDuration: .seconds(2),
    maxIterations: 10_000)

  // Decode, average, palettes (K = 8 and the 16 swatch candidates), swatches, card: all samples.
  Benchmark("Theme/samples-all") { benchmark in
    let pipeline = ThemePipeline()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      for sample in samples {
        blackHole(try pipeline.analyze(bytes: sample.bytes, name: sample.name))
      }
    }
  }

  // Encoding the finished theme documents to their stable JSON bytes.
  Benchmark("ThemeEncode/samples-all") { benchmark in
    let pipeline = ThemePipeline()
    let themes = try samples.map { try pipeline.analyze(bytes: $0.bytes, name: $0.name).theme }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      for theme in themes { blackHole(ThemeEncoder.encode(theme)) }
    }
  }

  // `sprite-theme batch samples/sprites --jobs 1 --force` without the process: files in, files
  // out (`force`, or every iteration after the first would find the themes up to date).
  Benchmark("Batch/samples-jobs1", configuration: .init(maxIterations: 200)) { benchmark in
    let inputs = BatchInput.collect([Inputs.samplesDirectory])
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("spritetheme-bench-\(ProcessInfo.processInfo.processIdentifier)").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let engine = ThemeEngine(
      options: .init(outputDirectory: FilePath(output), jobs: 1, force: true))
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(try await engine.run(BatchInputs(inputs)))
    }
  }
}

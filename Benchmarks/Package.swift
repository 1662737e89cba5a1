// swift-tools-version:6.1
// Benchmarks for SpriteTheme, kept in a nested package so that the library's own `swift build`
// never resolves ordo-one/benchmark or its dependencies (ARCHITECTURE.md section 10).
//
//   cd Benchmarks && swift package --allow-writing-to-package-directory benchmark
//   cd Benchmarks && ./compare-decode.sh          # PNG decode vs a plain libpng C loop
import PackageDescription

let package = Package(
  name: "SpriteThemeBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    // `name:` pins the identity: a path dependency is otherwise named after its directory.
    .package(name: "SpriteTheme", path: "../"),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    // Deterministic inputs shared by the suites and the decode loop (no benchmark dependency).
    .target(
      name: "BenchmarkInputs",
      dependencies: [
        .product(name: "SpriteCore", package: "SpriteTheme"),
        .product(name: "SpritePNG", package: "SpriteTheme"),
      ],
      path: "Sources/BenchmarkInputs"),
    .executableTarget(
      name: "SpriteCoreBenchmarks",
      dependencies: [
        "BenchmarkInputs",
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "SpriteCore", package: "SpriteTheme"),
      ],
      path: "Benchmarks/SpriteCoreBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    .executableTarget(
      name: "SpritePNGBenchmarks",
      dependencies: [
        "BenchmarkInputs",
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "SpriteCore", package: "SpriteTheme"),
        .product(name: "SpritePNG", package: "SpriteTheme"),
      ],
      path: "Benchmarks/SpritePNGBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    .executableTarget(
      name: "PipelineBenchmarks",
      dependencies: [
        "BenchmarkInputs",
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "SpriteTheme", package: "SpriteTheme"),
      ],
      path: "Benchmarks/PipelineBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    // A plain timing loop, the Swift twin of libpng-floor/decode_floor.c (see compare-decode.sh).
    .executableTarget(
      name: "DecodeLoop",
      dependencies: [
        "BenchmarkInputs",
        .product(name: "SpriteCore", package: "SpriteTheme"),
        .product(name: "SpritePNG", package: "SpriteTheme"),
      ],
      path: "Sources/DecodeLoop"),
  ],
  swiftLanguageModes: [.v6]
)

// swift-tools-version:6.1
import PackageDescription

let package = Package(
  name: "SpriteTheme",
  // Synchronization's `Mutex` and `Atomic` need macOS 15.
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "SpriteTheme", targets: ["SpriteTheme"]),
    .library(name: "SpriteCore", targets: ["SpriteCore"]),
    .library(name: "SpritePNG", targets: ["SpritePNG"]),
    .library(name: "SpriteMaterial", targets: ["SpriteMaterial"]),
    .library(name: "SpriteExport", targets: ["SpriteExport"]),
    .library(name: "SpriteReport", targets: ["SpriteReport"]),
    .executable(name: "sprite-theme", targets: ["sprite-theme"]),
  ],
  dependencies: [
    // The command line: options, help, completions.
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // SHA-256 of the sprites (`source.sha256`), of the files a re-run checks, and of cache keys.
    .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
    // File paths as bytes (`FilePath`), so any file name works; descriptors and `stat`.
    .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
  ],
  targets: [
    // System libraries: pkg-config discovery only (empty module maps).
    .systemLibrary(
      name: "CLibPNG", pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
    // zlib inflates the image data of ordinary PNG files in one call (CSpritePNG), as it does
    // row by row under libpng.
    .systemLibrary(
      name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
    // libdeflate compresses the image data of the thumbnails CSpritePNG writes (never used to
    // read: zlib inflates, so reading stays as strict as libpng).
    .systemLibrary(
      name: "CLibDeflate", pkgConfig: "libdeflate",
      providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),
    // libcurl, linked as an ordinary dependency found by pkg-config.
    .systemLibrary(
      name: "CLibCurl", pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]),
    // C shims: the only code that includes <png.h> / <zlib.h> / <libdeflate.h> / <curl/curl.h>.
    .target(name: "CSpritePNG", dependencies: ["CLibPNG", "CZlib", "CLibDeflate"]),
    .target(name: "CSpriteCurl", dependencies: ["CLibCurl"]),
    // Swift modules, lowest first.
    .target(name: "SpriteCore"),
    .target(name: "SpritePNG", dependencies: ["SpriteCore", "CSpritePNG"]),
    .target(name: "SpriteMaterial", dependencies: ["SpriteCore"]),
    // `--shard I/N`: FNV-1a 64 and the split of a list into N stable shards; no dependencies.
    .target(name: "SpriteShard"),
    // The one bounded, ordered concurrency stage (`OrderedConcurrentMap`) that downloads, the
    // crawl, reads and analysis are built from; no dependencies.
    .target(name: "SpriteFlow"),
    // The one file API: paths as bytes (`FilePath`), regular-file reads that never block,
    // atomic writes, folder listings and `mkdir -p`, list lines as bytes, readable names.
    .target(
      name: "SpriteFiles", dependencies: [.product(name: "SystemPackage", package: "swift-system")]),
    // Downloads (libcurl's multi handle behind async/await) and the PokeAPI crawl; knows no
    // images.
    .target(
      name: "SpriteFetch",
      dependencies: [
        "CSpriteCurl", "SpriteFiles", "SpriteFlow", "SpriteShard",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "SystemPackage", package: "swift-system"),
      ]),
    // The theme document and the index: one `Codable` model with its JSON writer and schemas,
    // which the engine, exports, report and merge all read and write.
    .target(
      name: "SpriteThemeModel", dependencies: ["SpriteCore", "SpriteMaterial"],
      exclude: ["Schemas"]),
    .target(
      name: "SpriteTheme",
      dependencies: [
        "SpriteCore", "SpritePNG", "SpriteMaterial", "SpriteThemeModel", "SpriteFiles",
        "SpriteFlow", "SpriteShard",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "SystemPackage", package: "swift-system"),
      ]),
    // The visual report: a static page (HTML, CSS, JS and one data file) over an output
    // directory's theme files, read through the one theme model (SpriteThemeModel).
    // Its page, style and script are files in `Resources/`, embedded in the binary.
    .target(
      name: "SpriteReport",
      dependencies: [
        "SpriteCore", "SpriteMaterial", "SpriteThemeModel", "SpriteFiles",
        .product(name: "SystemPackage", package: "swift-system"),
      ],
      resources: [
        .embedInCode("Resources/index.html"), .embedInCode("Resources/report.css"),
        .embedInCode("Resources/report.js"),
      ]),
    // Front-end exports (CSS, DTCG, Android, asset catalogs, SwiftUI, Compose, Flutter, ...)
    // from theme files, read through the one theme model (SpriteThemeModel).
    .target(
      name: "SpriteExport",
      dependencies: [
        "SpriteCore", "SpriteMaterial", "SpriteThemeModel", "SpriteFiles",
        .product(name: "SystemPackage", package: "swift-system"),
      ]),
    // `merge`: the outputs of shards joined into one output directory, as one run writes it.
    .target(
      name: "SpriteMerge",
      dependencies: [
        "SpriteTheme", "SpriteFiles", "SpriteShard",
        .product(name: "SystemPackage", package: "swift-system"),
      ]),
    // `fetch`'s side of the theme engine: downloads flowing into analysis, and download-only runs.
    .target(
      name: "SpriteThemeFetch",
      dependencies: [
        "SpriteTheme", "SpriteFetch", "SpriteFiles", "SpriteFlow", "SpriteShard",
        .product(name: "SystemPackage", package: "swift-system"),
      ],
      exclude: ["Schemas"]),
    // `batch --jsonl`: inputs (paths and URLs) in, one theme or error per line out, in input
    // order, with a bounded window.
    .target(
      name: "SpriteThemeStream",
      dependencies: [
        "SpriteTheme", "SpriteThemeFetch", "SpriteFetch", "SpriteFiles", "SpriteFlow",
        "SpriteShard", .product(name: "SystemPackage", package: "swift-system"),
      ]),
    .executableTarget(
      name: "sprite-theme",
      dependencies: [
        "SpriteTheme", "SpriteThemeFetch", "SpriteThemeStream", "SpriteShard", "SpriteMaterial",
        "SpriteExport", "SpriteReport", "SpriteMerge", "SpriteFiles",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "SystemPackage", package: "swift-system"),
      ]),
    // Tests.
    // libFuzzer targets for the readers of what other runs wrote (the state file, merge's
    // shards), built with -sanitize=fuzzer by scripts/fuzz-readers.sh; a plain build is the
    // replay tool (`sprite-theme-fuzz TARGET FILE...`).
    .executableTarget(
      name: "sprite-theme-fuzz",
      dependencies: [
        "SpriteTheme", "SpriteMerge", .product(name: "SystemPackage", package: "swift-system"),
      ],
      path: "Tests/Fuzz/Readers"),
    .target(
      name: "_SpriteTestSupport",
      dependencies: ["SpriteCore", "SpriteMaterial", "SpriteThemeModel"],
      path: "Tests/_SpriteTestSupport"),
    .testTarget(name: "SpriteShardTests", dependencies: ["SpriteShard"]),
    .testTarget(name: "SpriteFlowTests", dependencies: ["SpriteFlow"]),
    .testTarget(name: "SpriteCoreTests", dependencies: ["SpriteCore", "_SpriteTestSupport"]),
    .testTarget(
      name: "SpritePNGTests", dependencies: ["SpritePNG", "SpriteCore", "_SpriteTestSupport"],
      exclude: ["Scripts"]),
    .testTarget(
      name: "SpriteMaterialTests", dependencies: ["SpriteMaterial", "SpriteCore"],
      exclude: ["Goldens"]),
    .testTarget(
      name: "SpriteFetchTests",
      dependencies: ["SpriteFetch", "_SpriteTestSupport"]),
    .testTarget(name: "SpriteThemeModelTests", dependencies: ["SpriteThemeModel"]),
    .testTarget(
      name: "SpriteThemeTests",
      dependencies: [
        "SpriteTheme", "SpriteThemeModel", "SpriteMaterial", "SpriteFiles", "_SpriteTestSupport",
        .product(name: "SystemPackage", package: "swift-system"),
      ]),
    .testTarget(
      name: "SpriteThemeFetchTests",
      dependencies: [
        "SpriteThemeFetch", "SpriteThemeStream", "SpriteTheme", "SpriteFetch", "SpritePNG",
        "SpriteCore", "SpriteShard", "SpriteFiles",
        "_SpriteTestSupport", .product(name: "SystemPackage", package: "swift-system"),
      ]),
    .testTarget(
      name: "SpriteMergeTests",
      dependencies: ["SpriteMerge", .product(name: "SystemPackage", package: "swift-system")]),
    .testTarget(
      name: "SpriteExportTests",
      dependencies: [
        "SpriteExport", "SpriteMaterial", "SpriteCore", "_SpriteTestSupport",
        .product(name: "SystemPackage", package: "swift-system"),
      ],
      exclude: ["Scripts"]),
    .testTarget(
      name: "SpriteReportTests",
      dependencies: [
        "SpriteReport", "SpriteMaterial", "SpriteCore", "_SpriteTestSupport",
        .product(name: "SystemPackage", package: "swift-system"),
      ],
      exclude: ["Scripts"]),
    .testTarget(
      name: "SpriteThemeCLITests",
      dependencies: [
        "sprite-theme", "SpriteTheme", "SpriteMaterial", "SpriteShard", "SpriteFiles",
        "_SpriteTestSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      exclude: ["Goldens", "Scripts"]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system && !target.name.hasPrefix("C") {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny")
    ]
}

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
    .executable(name: "sprite-theme", targets: ["sprite-theme"]),
  ],
  dependencies: [
    // The command line: options, help, completions.
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    // SHA-256 of the sprites (`source.sha256`) and of the files a re-run checks.
    .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
    // File paths as bytes (`FilePath`), so any file name works; descriptors and `stat`.
    .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
  ],
  targets: [
    // System libraries: pkg-config discovery only (empty module maps).
    .systemLibrary(
      name: "CLibPNG", pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
    // libdeflate inflates the image data of ordinary PNG files in one call (CSpritePNG).
    .systemLibrary(
      name: "CLibDeflate", pkgConfig: "libdeflate",
      providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),
    // C shims: the only code that includes <png.h> / <libdeflate.h> / <curl/curl.h>.
    .target(name: "CSpritePNG", dependencies: ["CLibPNG", "CLibDeflate"]),
    // libcurl is opened at run time (dlopen, on first use), so only its headers are needed here.
    .target(
      name: "CSpriteCurl",
      linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    // Swift modules, lowest first.
    .target(name: "SpriteCore"),
    .target(name: "SpritePNG", dependencies: ["SpriteCore", "CSpritePNG"]),
    .target(name: "SpriteMaterial", dependencies: ["SpriteCore"]),
    .target(name: "SpriteFetch", dependencies: ["CSpriteCurl"]),
    .target(
      name: "SpriteTheme",
      dependencies: [
        "SpriteCore", "SpritePNG", "SpriteFetch",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "SystemPackage", package: "swift-system"),
      ],
      exclude: ["Schemas"]),
    .executableTarget(
      name: "sprite-theme",
      dependencies: [
        "SpriteTheme", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // Tests.
    .target(
      name: "_SpriteTestSupport", dependencies: ["SpriteCore", "SpriteFetch"],
      path: "Tests/_SpriteTestSupport"),
    .testTarget(name: "SpriteCoreTests", dependencies: ["SpriteCore", "_SpriteTestSupport"]),
    .testTarget(
      name: "SpritePNGTests", dependencies: ["SpritePNG", "SpriteCore", "_SpriteTestSupport"]),
    .testTarget(
      name: "SpriteMaterialTests", dependencies: ["SpriteMaterial", "SpriteCore"],
      exclude: ["Goldens"]),
    .testTarget(
      name: "SpriteFetchTests",
      dependencies: [
        "SpriteFetch", "_SpriteTestSupport",
        .product(name: "FlyingFox", package: "FlyingFox"),
      ]),
    .testTarget(
      name: "SpriteThemeTests", dependencies: ["SpriteTheme", "_SpriteTestSupport"]),
    .testTarget(
      name: "SpriteThemeCLITests",
      dependencies: [
        "sprite-theme", "SpriteTheme", "_SpriteTestSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "FlyingFox", package: "FlyingFox"),
      ],
      exclude: ["Goldens"]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system && !target.name.hasPrefix("C") {
  target.swiftSettings = (target.swiftSettings ?? []) + [
    .enableUpcomingFeature("ExistentialAny")
  ]
}

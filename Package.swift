// swift-tools-version:6.1
import PackageDescription

let package = Package(
  name: "SpriteTheme",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "SpriteTheme", targets: ["SpriteTheme"]),
    .library(name: "SpriteCore", targets: ["SpriteCore"]),
    .library(name: "SpritePNG", targets: ["SpritePNG"]),
    .library(name: "SpriteMaterial", targets: ["SpriteMaterial"]),
    .executable(name: "sprite-theme", targets: ["sprite-theme"]),
  ],
  dependencies: [
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
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
    // SHA-256 of eight messages at once with AVX2, chosen at run time (see its header).
    .target(name: "CSpriteSHA256"),
    // Operating-system queries the Glibc module does not export (the CPU affinity count).
    .target(name: "CSpriteSystem"),
    // The command line for the Swift runtime, captured at start-up (see its header).
    .target(name: "CSpriteArguments"),
    // Swift modules, lowest first.
    .target(name: "SpriteCore"),
    .target(name: "SpritePNG", dependencies: ["SpriteCore", "CSpritePNG"]),
    .target(name: "SpriteMaterial", dependencies: ["SpriteCore"]),
    .target(name: "SpriteFetch", dependencies: ["CSpriteCurl"]),
    .target(
      name: "SpriteTheme",
      dependencies: ["SpriteCore", "SpritePNG", "SpriteFetch", "CSpriteSHA256", "CSpriteSystem"],
      exclude: ["Schemas"]),
    .executableTarget(name: "sprite-theme", dependencies: ["SpriteTheme", "CSpriteArguments"]),
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
        "sprite-theme", "CSpriteArguments", "_SpriteTestSupport",
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

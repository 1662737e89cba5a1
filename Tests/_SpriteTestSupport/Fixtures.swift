import Foundation

/// Locates files the tests read: the package's own files and the shared third-party test data.
public enum Fixtures {
  /// The package root, found from this source file's path (never the current directory).
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // _SpriteTestSupport
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// The `samples/sprites` folder of the package.
  public static var sampleSprites: URL {
    packageRoot.appendingPathComponent("samples/sprites")
  }

  /// Every PNG under `samples/sprites`, sorted by name.
  public static func sampleSpriteFiles() -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: sampleSprites.path)) ?? []
    return names.filter { $0.hasSuffix(".png") }.sorted()
      .map { sampleSprites.appendingPathComponent($0) }
  }

  /// True when running under CI (`CI=true`), where a missing fixture is a failure, never a skip.
  public static var isCI: Bool {
    ProcessInfo.processInfo.environment["CI"].map {
      ["1", "true", "yes"].contains($0.lowercased())
    }
      ?? false
  }

  /// The PngSuite folder: `$PNGSUITE_DIR`, else `../shared/testdata/pngsuite` beside the checkout,
  /// or `nil` when neither exists.
  public static var pngSuiteDirectory: URL? {
    if let env = ProcessInfo.processInfo.environment["PNGSUITE_DIR"], !env.isEmpty {
      return URL(fileURLWithPath: env)
    }
    return sharedTestData("pngsuite")
  }

  /// A folder under `../shared/testdata/` beside the checkout, or `nil` when it is missing.
  public static func sharedTestData(_ name: String) -> URL? {
    let url = packageRoot.deletingLastPathComponent()
      .appendingPathComponent("shared/testdata/\(name)")
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { return nil }
    return url
  }

  /// Reads a whole file as bytes.
  public static func bytes(of url: URL) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url))
  }
}

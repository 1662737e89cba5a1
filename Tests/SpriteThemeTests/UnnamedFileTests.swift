import Foundation
import Testing
import _SpriteTestSupport

@testable import SpriteTheme

/// Atomic writes through an unnamed file (Linux `O_TMPFILE`) against the named temporary: the
/// same files, the same modes, nothing left behind, and the unnamed path really taken on Linux.
@Suite("Atomic writes through unnamed files")
struct UnnamedFileTests {
  #if os(Linux) && (arch(x86_64) || arch(arm64))
    /// Whether the unnamed path is expected to be taken (the test folders are on tmpfs or ext4).
    static let unnamedExpected = true
  #else
    static let unnamedExpected = false
  #endif

  @Test("FileIO: a new file and a replaced one, both ways", arguments: [true, false])
  func fileIOWrites(unnamed: Bool) throws {
    let directory = try TemporaryDirectory()
    let path = directory.url.appendingPathComponent("theme.json").path
    let first = Array("first".utf8)
    let second = Array("second, longer than the first".utf8)
    let usedFirst = try write(first, to: path, unnamed: unnamed)
    #expect(try FileIO.read(path) == first)
    let usedSecond = try write(second, to: path, unnamed: unnamed)
    #expect(try FileIO.read(path) == second)
    #expect(usedFirst == (unnamed && Self.unnamedExpected))
    #expect(usedSecond == (unnamed && Self.unnamedExpected))
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
    #expect(names == ["theme.json"])
  }

  @Test("both ways give the file the same permissions")
  func sameMode() throws {
    let directory = try TemporaryDirectory()
    var modes: [Int] = []
    for unnamed in [true, false] {
      let path = directory.url.appendingPathComponent("\(unnamed).json").path
      try write([1, 2, 3], to: path, unnamed: unnamed)
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      modes.append((attributes[.posixPermissions] as? Int) ?? -1)
    }
    #expect(modes[0] == modes[1])
    #expect(modes[0] & 0o600 == 0o600)
  }

  @Test("a relative path and a file in the working directory")
  func folderPaths() {
    #expect(FileIO.folderPath(of: "themes/a.json") == "themes")
    #expect(FileIO.folderPath(of: "a.json") == ".")
    #expect(FileIO.folderPath(of: "/a.json") == "/")
    #expect(FileIO.folderPath(of: "/tmp/x/a.json") == "/tmp/x")
  }

  @Test("a missing folder fails with the system's reason either way", arguments: [true, false])
  func missingFolder(unnamed: Bool) throws {
    let directory = try TemporaryDirectory()
    let path = directory.url.appendingPathComponent("no/such/theme.json").path
    let error = #expect(throws: FileIO.Failure.self) {
      try write([1], to: path, unnamed: unnamed)
    }
    #expect(error?.reason == "No such file or directory")
  }

  /// `FileIO.writeAtomically(_:to:unnamed:)` over the bytes of `bytes`.
  @discardableResult
  func write(_ bytes: [UInt8], to path: String, unnamed: Bool) throws -> Bool {
    try bytes.withUnsafeBytes { try FileIO.writeAtomically($0, to: path, unnamed: unnamed) }
  }
}

import Foundation
import SpriteFiles
import SystemPackage
import Testing
import _SpriteTestSupport

@testable import SpriteTheme

/// `RegularFile.read`: whole regular files, whatever their size.
@Suite("RegularFile: whole-file reads")
struct RegularFileTests {
  @Test(
    "files of every size around the read boundaries come back byte for byte",
    arguments: [
      0, 1, 4095, 4096, 4097, 65_536, 200_001,
    ])
  func wholeFiles(size: Int) throws {
    let directory = try TemporaryDirectory()
    let path = directory.url.appendingPathComponent("f.png").path
    var rng = SeededRandom(seed: UInt64(size) + 1)
    let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &rng) }
    try FileIO.writeAtomically(bytes, to: FilePath(path))
    #expect(try RegularFile.read(FilePath(path)) == bytes)
  }

  @Test("a folder is refused, naming what it is")
  func folder() throws {
    let directory = try TemporaryDirectory()
    #expect(throws: RegularFile.Failure(reason: "not a regular file (a folder)")) {
      try RegularFile.read(FilePath(directory.url.path))
    }
  }
}

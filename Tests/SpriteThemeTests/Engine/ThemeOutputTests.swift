import Foundation
import Testing
import _SpriteTestSupport

@testable import SpriteTheme

/// The output directory the engine writes.
@Suite("ThemeOutput")
struct ThemeOutputTests {
  @Test("thumbs/ is made only when asked for; stale temporaries are removed even then")
  func foldersOnlyWhenAsked() throws {
    let directory = try TemporaryDirectory()
    let fresh = directory.url.path + "/fresh"
    _ = try ThemeOutput.prepare(FilePath(fresh), thumbnails: false)
    #expect(FileManager.default.fileExists(atPath: fresh + "/themes"))
    #expect(!FileManager.default.fileExists(atPath: fresh + "/thumbs"))

    let used = directory.url.path + "/used"
    try FileManager.default.createDirectory(
      atPath: used + "/thumbs", withIntermediateDirectories: true)
    try Data([1]).write(to: URL(fileURLWithPath: used + "/thumbs/.a-32.png.tmp-7-1"))
    try Data([1]).write(to: URL(fileURLWithPath: used + "/thumbs/a-32.png"))
    _ = try ThemeOutput.prepare(FilePath(used), thumbnails: false)
    #expect(!FileManager.default.fileExists(atPath: used + "/thumbs/.a-32.png.tmp-7-1"))
    #expect(FileManager.default.fileExists(atPath: used + "/thumbs/a-32.png"))
  }

  @Test("preparing removes the temporaries a killed run left, nothing else")
  func staleTemporaries() throws {
    let directory = try TemporaryDirectory()
    let root = directory.url.path + "/out"
    let stale = ["themes/.a.json.tmp-12-3", ".index.json.tmp-9-9", "thumbs/.b-32.png.tmp-1-1"]
    let kept = [
      "themes/a.json", "themes/.hidden", "c.tmp-1-1", "themes/x.tmp-", ".tmp", "index.json",
      ".spritetheme-state.tsv",
    ]
    try FileManager.default.createDirectory(
      atPath: root + "/themes", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: root + "/thumbs", withIntermediateDirectories: true)
    for relative in stale + kept {
      try Data([1]).write(to: URL(fileURLWithPath: root + "/" + relative))
    }
    _ = try ThemeOutput.prepare(FilePath(root), thumbnails: true)
    for relative in stale {
      #expect(!FileManager.default.fileExists(atPath: root + "/" + relative), "\(relative)")
    }
    for relative in kept {
      #expect(FileManager.default.fileExists(atPath: root + "/" + relative), "\(relative)")
    }
  }

  @Test("missing parents are made; a file in the way is named with the reason")
  func parents() throws {
    let directory = try TemporaryDirectory()
    _ = try ThemeOutput.prepare(FilePath(directory.url.path + "/a/b//c/"), thumbnails: true)
    #expect(FileManager.default.fileExists(atPath: directory.url.path + "/a/b/c/thumbs"))
    try Data([1]).write(to: directory.url.appendingPathComponent("file"))
    #expect(
      throws: ThemeEngine.Fatal(path: directory.url.path + "/file", reason: "Not a directory")
    ) {
      _ = try ThemeOutput.prepare(FilePath(directory.url.path + "/file"), thumbnails: false)
    }
  }
}

import Foundation
import SpriteTheme
import Testing
import _SpriteTestSupport

@Suite("FileIO")
struct FileIOTests {
  @Test("atomic writes replace the whole file and leave no temporary behind")
  func atomicWrite() throws {
    let directory = try TemporaryDirectory()
    let path = FilePath(directory.url.appendingPathComponent("out.json").path)
    try FileIO.writeAtomically(Array("first".utf8), to: path)
    try FileIO.writeAtomically(Array("second, longer".utf8), to: path)
    #expect(try FileIO.read(path) == Array("second, longer".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["out.json"])
    let mode =
      try FileManager.default.attributesOfItem(atPath: path.string)[.posixPermissions] as? Int
    #expect(mode.map { $0 & 0o644 } == 0o644)
  }

  @Test("a write into a missing folder fails with the system's reason and leaves nothing")
  func failedWrite() throws {
    let directory = try TemporaryDirectory()
    let path = FilePath(directory.url.appendingPathComponent("no/such/out.json").path)
    #expect(throws: FileIO.Failure.self) { try FileIO.writeAtomically([1, 2, 3], to: path) }
    do {
      try FileIO.writeAtomically([1], to: path)
    } catch {
      #expect(error.reason == "No such file or directory")
      #expect(!error.isOutOfSpace)
    }
  }

  @Test("reads return every byte of files larger than one chunk")
  func largeRead() throws {
    let directory = try TemporaryDirectory()
    let path = FilePath(directory.url.appendingPathComponent("big.bin").path)
    var rng = SeededRandom(seed: 1)
    let bytes = (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &rng) }
    try FileIO.writeAtomically(bytes, to: path)
    #expect(try FileIO.read(path) == bytes)
  }

  #if os(Linux)
    @Test("files whose size the system does not report are read to their end")
    func unsizedReads() throws {
      // procfs reports a size of 0 for a file that is not empty.
      let status = try FileIO.read("/proc/self/status")
      #expect(String(decoding: status, as: UTF8.self).contains("Name:"))
    }

    @Test("a FIFO or a device is refused at once, unread, naming what it is")
    func refusesOtherFiles() throws {
      let directory = try TemporaryDirectory()
      let fifo = directory.url.appendingPathComponent("fifo").path
      #expect(mkfifo(fifo, 0o600) == 0)
      #expect { try FileIO.read(FilePath(fifo)) } throws: {
        ($0 as? FileIO.Failure)?.reason == "not a regular file (a FIFO)"
      }
      #expect { try FileIO.read("/dev/zero") } throws: {
        ($0 as? FileIO.Failure)?.reason == "not a regular file (a character device)"
      }
    }
  #endif

  @Test("createDirectory makes missing parents, accepts an existing folder, and names the reason")
  func createDirectory() throws {
    let directory = try TemporaryDirectory()
    let nested = FilePath(directory.url.path + "/a/b//c/")
    try FileIO.createDirectory(nested)
    try FileIO.createDirectory(nested)
    var isFolder: ObjCBool = false
    #expect(
      FileManager.default.fileExists(atPath: directory.url.path + "/a/b/c", isDirectory: &isFolder))
    #expect(isFolder.boolValue)
    let file = FilePath(directory.url.path + "/file")
    try FileIO.writeAtomically(Array("x".utf8), to: file)
    #expect { try FileIO.createDirectory(file) } throws: {
      ($0 as? FileIO.Failure)?.code == ENOTDIR
    }
    #expect { try FileIO.createDirectory(file.appending("sub/deeper")) } throws: {
      ($0 as? FileIO.Failure)?.code == ENOTDIR
    }
  }
}

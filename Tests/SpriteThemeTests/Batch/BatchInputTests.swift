import Foundation
import Testing
import _SpriteTestSupport

@testable import SpriteTheme

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `batch` takes from its arguments, and how it reads it.
@Suite("BatchInput: folders, odd files and odd names")
struct BatchInputTests {
  /// Every input of `inputs`, read as the engine would take them.
  static func read(_ inputs: [BatchInput]) async -> [SpriteInput] {
    var read = [SpriteInput]()
    for await input in BatchInputs(inputs) { read.append(input) }
    return read
  }

  /// A small PNG.
  static let png = try! PNGEncoder.encode(
    SyntheticSprites.solid(RGBA8(r: 10, g: 200, b: 30), width: 4, height: 4))

  @Test("a file whose name is not UTF-8 is found in its folder and read")
  func nonUTF8Name() async throws {
    let directory = try TemporaryDirectory()
    // "bad-\xFF\xFE.png": two bytes that are not UTF-8.
    let name: [CChar] =
      Array("bad-".utf8CString.dropLast()) + [CChar(bitPattern: 0xFF), CChar(bitPattern: 0xFE)]
      + Array(".png".utf8CString)
    let path = FilePath(directory.url.path).appending(FilePath.Component(platformString: name)!)
    let fd = path.withPlatformString { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
    #expect(fd >= 0)
    _ = Self.png.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)

    let inputs = BatchInput.collect([FilePath(directory.url.path)])
    #expect(inputs.count == 1)
    let read = await Self.read(inputs)
    #expect(read.first?.failure == nil, "\(String(describing: read.first?.failure))")
    #expect(read.first?.bytes == Self.png)
    #expect(read.first?.name == "bad")
  }

  /// Long enough that only a hang (a FIFO opened for reading blocks until a writer comes)
  /// exceeds it: the limit counts the time the test waits for a thread of the cooperative pool,
  /// which the suites beside it can hold for many minutes on a busy machine.
  static let hangLimit = TimeLimitTrait.Duration.minutes(20)

  @Test(
    "a FIFO named *.png in a folder is listed as an error and never opened",
    .timeLimit(hangLimit))
  func fifoInFolder() async throws {
    let directory = try TemporaryDirectory()
    try Data(Self.png).write(to: directory.url.appendingPathComponent("a.png"))
    #expect(mkfifo(directory.url.appendingPathComponent("x.png").path, 0o600) == 0)
    let read = await Self.read(BatchInput.collect([FilePath(directory.url.path)]))
    #expect(read.map(\.name) == ["a", "x"])
    #expect(read[0].bytes == Self.png)
    #expect(read[1].failure?.stage == "read")
    #expect(read[1].failure?.message == "not a regular file (a FIFO)")
  }

  @Test(
    "a FIFO given by name is opened without blocking and refused",
    .timeLimit(hangLimit))
  func fifoGivenDirectly() async throws {
    let directory = try TemporaryDirectory()
    let fifo = directory.url.appendingPathComponent("y.png").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let read = await Self.read(BatchInput.collect([FilePath(fifo)]))
    #expect(read.first?.failure?.message == "not a regular file (a FIFO)")
  }

  @Test("the output folder inside an input folder is not read back as input")
  func outputInsideInput() async throws {
    let directory = try TemporaryDirectory()
    let input = directory.url.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
    try Data(Self.png).write(to: input.appendingPathComponent("a.png"))
    let out = input.appendingPathComponent("out")
    for _ in 1...2 {
      let inputs = BatchInput.collect([FilePath(input.path)], excluding: FilePath(out.path))
      #expect(inputs.map(\.path.string) == [input.appendingPathComponent("a.png").path])
      let engine = ThemeEngine(
        options: .init(outputDirectory: FilePath(out.path), thumbnailSizes: [8]))
      try engine.writeIndex(try await engine.run(BatchInputs(inputs)))
    }
    // Under another spelling of the same folder too.
    let inputs = BatchInput.collect(
      [FilePath(input.path + "/./")], excluding: FilePath(input.path + "/../in/out"))
    #expect(inputs.count == 1)
  }
}

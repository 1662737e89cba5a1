import Foundation
import SpriteCore
import SpriteFetch
import SpritePNG
import Testing
import _SpriteTestSupport

@testable import SpriteTheme

/// `ThemeFetch` over `MockDataLoader`: every stage's failure keeps its context, with no socket.
@Suite("ThemeFetch with a mock loader")
struct ThemeFetchTests {
  static let base = "http://mock.invalid/api/v2"

  /// A small valid PNG.
  static func png() throws -> [UInt8] {
    try PNGEncoder.encode(SyntheticSprites.solid(RGBA8(r: 10, g: 200, b: 30), width: 8, height: 8))
  }

  /// A stream of fixed inputs.
  static func stream(_ inputs: [FetchInput]) -> AsyncThrowingStream<FetchInput, any Error> {
    AsyncThrowingStream { continuation in
      for input in inputs { continuation.yield(input) }
      continuation.finish()
    }
  }

  /// The stream `sprite-theme fetch --pokeapi` builds from a crawl.
  static func crawl(_ loader: any DataLoading) -> AsyncThrowingStream<FetchInput, any Error> {
    let crawler = PokeAPICrawler(base: URL(string: base)!)
    return AsyncThrowingStream { continuation in
      Task {
        do {
          for try await item in crawler.entries(using: loader) { continuation.yield(FetchInput(item)) }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
    }
  }

  static func json(_ object: Any) throws -> [UInt8] {
    [UInt8](try JSONSerialization.data(withJSONObject: object))
  }

  @Test("a good sprite is written; a non-PNG body fails in decode, a network error in fetch")
  func stageErrors() async throws {
    let directory = try TemporaryDirectory()
    let loader = MockDataLoader()
    let good = "http://mock.invalid/good.png"
    let notPNG = "http://mock.invalid/not-png.png"
    let offline = "http://mock.invalid/offline.png"
    loader[good] = .body(try Self.png())
    loader[notPNG] = .body(Array("<html>not a sprite</html>".utf8))
    loader[offline] = .error(.transport(code: 7, message: "Connection refused"))
    let inputs = FetchInput.urlList([good, notPNG, offline].joined(separator: "\n"))
    let fetch = ThemeFetch(options: .init(outputDirectory: directory.url.path, analysisThreads: 2))
    let outcome = try await fetch.run(inputs: Self.stream(inputs), loader: loader)

    #expect(outcome.index.entries.map(\.name) == ["good"])
    #expect(outcome.index.entries.first?.source == good)
    let errors = outcome.index.errors
    #expect(errors.map(\.source) == [notPNG, offline])
    #expect(errors.map(\.stage) == ["decode", "fetch"])
    #expect(errors.last?.message == FetchError.transport(code: 7, message: "Connection refused").description)
    #expect(errors.allSatisfy { !$0.message.isEmpty })
    #expect(loader.requests.map(\.expectedContent) == [.png, .png, .png])
    let index = try Data(contentsOf: directory.url.appendingPathComponent("index.json"))
    Schemas.expectValid(index, against: Schemas.index, "index")
  }

  @Test("a crawl: a bad entry document fails under its URL, a failed list page under the page's")
  func crawlErrors() async throws {
    let directory = try TemporaryDirectory()
    let loader = MockDataLoader()
    let page2 = "\(Self.base)/pokemon/?offset=2&limit=2"
    loader["\(Self.base)/pokemon/?offset=0&limit=100"] = .body(
      try Self.json([
        "count": 4, "next": page2, "previous": NSNull(),
        "results": [
          ["name": "one", "url": "\(Self.base)/pokemon/1/"],
          ["name": "two", "url": "\(Self.base)/pokemon/2/"],
        ],
      ]))
    loader[page2] = .error(.httpStatus(500))
    loader["\(Self.base)/pokemon/1/"] = .body(
      try Self.json(["id": 1, "name": "one", "sprites": ["front_default": "http://mock.invalid/1.png"]]))
    loader["\(Self.base)/pokemon/2/"] = .body(Array("{ not json".utf8))
    loader["http://mock.invalid/1.png"] = .body(try Self.png())
    let fetch = ThemeFetch(options: .init(outputDirectory: directory.url.path, analysisThreads: 1))
    let outcome = try await fetch.run(inputs: Self.crawl(loader), loader: loader)

    #expect(outcome.index.entries.map(\.name) == ["one"])
    let errors = outcome.index.errors
    #expect(errors.map(\.source) == ["\(Self.base)/pokemon/2/", page2])
    #expect(errors.map(\.stage) == ["fetch", "fetch"])
    #expect(errors.first?.message.contains("PokeAPI entry") == true)
    #expect(errors.last?.message == FetchError.httpStatus(500).description)
  }

  @Test("download only: sprites written as received under unique names, errors as for themes")
  func downloadOnly() async throws {
    let directory = try TemporaryDirectory()
    let loader = MockDataLoader()
    let bytes = try Self.png()
    loader["http://mock.invalid/a/Sprite.png"] = .body(bytes)
    loader["http://mock.invalid/b/Sprite.png"] = .body(bytes + [1])
    let inputs = FetchInput.urlList(
      ["http://mock.invalid/a/Sprite.png", "http://mock.invalid/b/Sprite.png", "http://mock.invalid/gone.png"]
        .joined(separator: "\n"))
    let fetch = ThemeFetch(options: .init(outputDirectory: directory.url.path, downloadOnly: true))
    let outcome = try await fetch.run(inputs: Self.stream(inputs), loader: loader)

    let downloads = try #require(outcome.downloads)
    #expect(downloads.entries.map(\.name) == ["sprite", "sprite-2"])
    #expect(downloads.entries.map(\.sprite) == ["sprites/sprite.png", "sprites/sprite-2.png"])
    #expect(downloads.entries.map(\.bytes) == [bytes.count, bytes.count + 1])
    #expect(downloads.errors.map(\.source) == ["http://mock.invalid/gone.png"])
    #expect(outcome.index.errors == downloads.errors)
    let second = try Data(contentsOf: directory.url.appendingPathComponent("sprites/sprite-2.png"))
    #expect([UInt8](second) == bytes + [1])
    let index = try Data(contentsOf: directory.url.appendingPathComponent("index.json"))
    Schemas.expectValid(index, against: Schemas.downloads, "index")
    #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("themes").path))
  }
}

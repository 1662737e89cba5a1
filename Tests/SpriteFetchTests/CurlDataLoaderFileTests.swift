import Foundation
import SpriteFetch
import Testing
import _SpriteTestSupport

/// Hermetic `file://` loads through the same libcurl path.
@Suite("CurlDataLoader file URLs")
struct CurlDataLoaderFileTests {
  @Test("a sample sprite loads from a file URL with status 200")
  func sample() async throws {
    let file = try #require(Fixtures.sampleSpriteFiles().first)
    let response = try await TestLoaders.loader().load(
      FetchRequest(url: file, expecting: .png))
    #expect(response.status == 200)
    #expect(response.body == (try Fixtures.bytes(of: file)))
  }

  @Test("a missing file is a transport error, not retried forever")
  func missing() async throws {
    let url = Fixtures.sampleSprites.appendingPathComponent("no-such-sprite.png")
    let error = await TestLoaders.fetchError {
      _ = try await TestLoaders.loader().load(FetchRequest(url: url))
    }
    guard case .transport(let code, _) = error else {
      Issue.record("expected a transport error, got \(String(describing: error))")
      return
    }
    #expect(code == 37)  // CURLE_FILE_COULDNT_READ_FILE
  }

  @Test("a file larger than the cap is tooLarge")
  func sizeCap() async throws {
    let file = try #require(Fixtures.sampleSpriteFiles().first)
    let size = try Fixtures.bytes(of: file).count
    let error = await TestLoaders.fetchError {
      _ = try await TestLoaders.loader(maxBytes: size - 1).load(FetchRequest(url: file))
    }
    #expect(error == .tooLarge(limit: size - 1))
  }

  @Test("a JSON file passes the JSON check and a PNG fails it")
  func jsonCheck() async throws {
    let directory = try TemporaryDirectory()
    let json = directory.url.appendingPathComponent("entry.json")
    try Data(#"{"name": "bulbasaur", "id": 1}"#.utf8).write(to: json)
    let response = try await TestLoaders.loader().load(
      FetchRequest(url: json, expecting: .json))
    #expect(response.body.count > 0)
    let png = try #require(Fixtures.sampleSpriteFiles().first)
    let error = await TestLoaders.fetchError {
      _ = try await TestLoaders.loader().load(FetchRequest(url: png, expecting: .json))
    }
    #expect(error == .badContent("the body is not valid JSON"))
  }
}

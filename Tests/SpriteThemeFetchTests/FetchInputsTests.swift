import Foundation
import SpriteFetch
import Testing

@testable import SpriteThemeFetch

/// The producers `sprite-theme fetch` feeds a `ThemeFetch` with.
@Suite("FetchInputs")
struct FetchInputsTests {
  /// Every input `inputs` produces.
  static func produced(_ inputs: FetchInputs) async -> [FetchInput] {
    var seen: [FetchInput] = []
    for await input in inputs { seen.append(input) }
    return seen
  }

  static func urls(_ inputs: [FetchInput]) -> [String] {
    inputs.compactMap { if case .sprite(let url, _, _, _) = $0 { url.absoluteString } else { nil } }
  }

  @Test("a URL list's lines: blanks and comments skipped, a bad line failed, order kept")
  func urlListLines() async {
    let text = "http://a.invalid/1.png\n\n# comment\nnot a url\nhttp://a.invalid/2.png\n"
    let inputs = await Self.produced(.urlList(text))
    #expect(inputs.count == 3)
    #expect(Self.urls(inputs) == ["http://a.invalid/1.png", "http://a.invalid/2.png"])
    #expect(inputs[1] == .failed(source: "not a url", stage: "fetch", message: "Not a URL."))
  }

  @Test("URLs the user gives may be file URLs; an over-long line fails with a short source")
  func userURLs() async {
    let inputs = FetchInput.urlList(
      "file:///tmp/a.png\nhttp://h/" + String(repeating: "x", count: 9000) + ".png")
    #expect(
      inputs.first
        == .sprite(url: URL(string: "file:///tmp/a.png")!, name: "a", id: nil, origin: .user))
    guard case .failed(let source, _, let message) = inputs.last else {
      Issue.record("the long line should fail")
      return
    }
    #expect(source.count == URLText.displayLength)
    #expect(message.contains("8192"))
  }

  @Test("a cancelled task reads no more inputs")
  func cancelled() async {
    let list = (1...5).map { (number: Int) in
      FetchInput.sprite(
        url: URL(string: "http://a.invalid/\(number).png")!, name: "\(number)", id: number,
        origin: .user)
    }
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await Self.produced(.list(list))
    }
    #expect(await task.value.isEmpty)
    #expect(await Self.produced(.list(list)).count == 5)
  }

  @Test("sprite names drop .png in any case and keep other extensions")
  func names() {
    func name(_ line: String) -> String? {
      if case .sprite(_, let name, _, _) = FetchInput.urlListItem(Substring(line)) { return name }
      return nil
    }
    #expect(name("http://h/a/Pikachu.PNG") == "Pikachu")
    #expect(name("http://h/a/b.png?x=1") == "b")
    #expect(name("http://h/a/b.gif") == "b.gif")
    #expect(name("http://h/a/caf%C3%A9.png") == "café")
    #expect(name("  http://h/x.Png  ") == "x")
  }
}

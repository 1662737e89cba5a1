import SpriteFetch
import Testing

@testable import SpriteTheme

/// The producers `sprite-theme fetch` feeds a `ThemeFetch` with.
@Suite("FetchInputs")
struct FetchInputsTests {
  /// Every input `inputs` produces while `each` keeps returning true for the first `keep`.
  static func produced(_ inputs: FetchInputs, keep: Int = .max, stop: LoadHandle = LoadHandle())
    throws -> [FetchInput]
  {
    var seen: [FetchInput] = []
    try inputs.produce(stop: stop) { input in
      seen.append(input)
      return seen.count < keep
    }
    return seen
  }

  static func urls(_ inputs: [FetchInput]) -> [String] {
    inputs.compactMap { if case .sprite(let url, _, _) = $0 { url.absoluteString } else { nil } }
  }

  @Test("a URL list's lines: blanks and comments skipped, a bad line failed, order kept")
  func urlListLines() throws {
    let text = "http://a.invalid/1.png\n\n# comment\nnot a url\nhttp://a.invalid/2.png\n"
    let inputs = try Self.produced(.urlListLines(FetchInput.urlListLines(text)))
    #expect(inputs.count == 3)
    #expect(Self.urls(inputs) == ["http://a.invalid/1.png", "http://a.invalid/2.png"])
    if case .failed(let source, let stage, _) = inputs[1] {
      #expect(source == "not a url" && stage == "fetch")
    } else {
      Issue.record("the bad line should fail, not \(inputs[1])")
    }
  }

  @Test("production stops when the consumer says so, or once the stop handle is cancelled")
  func stops() throws {
    let list = (1...5).map { (n: Int) -> FetchInput in
      .sprite(url: AbsoluteURL(string: "http://a.invalid/\(n).png")!, name: "\(n)", id: n)
    }
    #expect(try Self.produced(.list(list), keep: 2).count == 2)
    let lines = FetchInput.urlListLines(
      (1...5).map { "http://a.invalid/\($0).png" }.joined(separator: "\n"))
    #expect(try Self.produced(.urlListLines(lines), keep: 3).count == 3)
    let stop = LoadHandle()
    stop.cancel()
    #expect(try Self.produced(.list(list), stop: stop).isEmpty)
    #expect(try Self.produced(.urlListLines(lines), stop: stop).isEmpty)
  }
}

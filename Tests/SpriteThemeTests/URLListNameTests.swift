import Foundation
import Testing
import _SpriteTestSupport

@testable import SpriteTheme

/// Names from URL-list lines: the shortcut for plain URLs against `URL.lastPathComponent`.
@Suite("URL list names")
struct URLListNameTests {
  @Test("plain URLs: the shortcut answers, and as URL.lastPathComponent does")
  func plainURLs() throws {
    let cases = [
      "http://127.0.0.1:8080/sprites/0001-bulbasaur.png",
      "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/25.png",
      "http://h/a.PNG?size=96#top", "http://h/x/y/z_~-.png", "ftp://h/only",
    ]
    for line in cases {
      let fast = try #require(FetchInput.plainLastSegment(of: line), "\(line)")
      #expect(fast == URL(string: line)?.lastPathComponent, "\(line)")
    }
  }

  @Test(
    "anything unusual is left to URL",
    arguments: [
      "http://h/a%20b.png", "http://h/dir/", "http://h", "http://h/..", "http://h/.", "not a url",
      "http://h/caf\u{E9}.png", "http://h/a+b.png", "http://h?q=/x.png", "mailto:x@y",
      "mailto:x?a=://b/c", "1http://h/x.png", "h:/a://b/c#x",
    ])
  func unusualURLs(_ line: String) {
    #expect(FetchInput.plainLastSegment(of: line) == nil)
  }

  @Test("seeded random URLs: whenever the shortcut answers for a URL, URL agrees")
  func randomURLs() {
    var rng = SeededRandom(seed: 0xA11_CE)
    // Mostly plain characters, so that many URLs take the shortcut, with every delimiter mixed in.
    let plain = Array("abcXYZ09-._~".unicodeScalars)
    let special = Array("%/?#:@!$&'()*+,;= \u{E9}".unicodeScalars)
    var answered = 0
    for index in 0..<3000 {
      var text = "http://host.test/"
      for _ in 0..<Int.random(in: 0...12, using: &rng) {
        let pool = Int.random(in: 0..<4, using: &rng) == 0 ? special : plain
        text.unicodeScalars.append(pool[Int.random(in: 0..<pool.count, using: &rng)])
      }
      // urlListItem asks URL first: a line it cannot parse never reaches the shortcut.
      guard let url = URL(string: text), let fast = FetchInput.plainLastSegment(of: text) else {
        continue
      }
      answered += 1
      #expect(fast == url.lastPathComponent, "case \(index): \(text)")
    }
    #expect(answered > 300)
  }

  @Test("sprite names drop .png in any case and keep other extensions")
  func names() {
    func name(_ line: String) -> String? {
      if case .sprite(_, let name, _) = FetchInput.urlListItem(Substring(line)) { return name }
      return nil
    }
    #expect(name("http://h/a/Pikachu.PNG") == "Pikachu")
    #expect(name("http://h/a/b.png?x=1") == "b")
    #expect(name("http://h/a/b.gif") == "b.gif")
    #expect(name("http://h/a/caf%C3%A9.png") == "café")
    #expect(name("  http://h/x.Png  ") == "x")
  }
}

import Foundation
import Testing
import _SpriteTestSupport

@testable import SpriteFetch

@Suite("AbsoluteURL")
struct AbsoluteURLTests {
  static let base = AbsoluteURL(string: "http://a/b/c/d;p?q")!

  /// RFC 3986 section 5.4: every normal and abnormal example, against the base above.
  static let resolutionExamples: [(String, String)] = [
    ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"), ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"), (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"), ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"), ("..", "http://a/b/"), ("../", "http://a/b/"),
    ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
    ("../../g", "http://a/g"),
    // 5.4.2, abnormal.
    ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"),
    ("/../g", "http://a/g"), ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"), ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"), ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"),
  ]

  @Test("RFC 3986 section 5.4: every example resolves as the RFC says")
  func rfcExamples() {
    for (reference, expected) in Self.resolutionExamples {
      let resolved = AbsoluteURL(string: reference, relativeTo: Self.base)
      #expect(resolved?.absoluteString == expected, "\(reference)")
    }
  }

  @Test("parts: scheme (lower-cased), host, port, path, query, last segment, origin")
  func parts() throws {
    let url = try #require(AbsoluteURL(string: "HTTPS://user@Example.test:8443/a/b%20c/25/?x=1#f"))
    #expect(url.scheme == "https")
    #expect(url.host == "Example.test")
    #expect(url.port == 8443)
    #expect(url.percentEncodedPath == "/a/b%20c/25/")
    #expect(url.path == "/a/b c/25/")
    #expect(url.query == "x=1")
    #expect(url.lastPathComponent == "25")
    #expect(url.origin == "HTTPS://user@Example.test:8443")
    let mail = try #require(AbsoluteURL(string: "mailto:x@y"))
    #expect(mail.host == nil && mail.port == nil && mail.path == "x@y")
    #expect(AbsoluteURL(string: "http://[::1]:80/")?.host == "[::1]")
  }

  @Test("not URLs: no scheme, an empty string, a scheme with a bad character")
  func refused() {
    for text in ["", "not a url", "/only/a/path", "1http://h/x", "ht_tp://h", ":x", "//h/x"] {
      #expect(AbsoluteURL(string: text) == nil, "\(text)")
    }
  }

  @Test("characters a URL may not hold are percent-encoded as UTF-8; escapes are kept")
  func encoding() {
    #expect(AbsoluteURL(string: "http://h/a b")?.absoluteString == "http://h/a%20b")
    #expect(AbsoluteURL(string: "http://h/caf\u{E9}")?.absoluteString == "http://h/caf%C3%A9")
    #expect(AbsoluteURL(string: "http://h/100%")?.absoluteString == "http://h/100%25")
    #expect(AbsoluteURL(string: "http://h/%41%zz")?.absoluteString == "http://h/%41%25zz")
    #expect(AbsoluteURL(string: "http://h/x#a#b")?.absoluteString == "http://h/x#a%23b")
    #expect(AbsoluteURL(string: "http://h/{x}|^")?.absoluteString == "http://h/%7Bx%7D%7C%5E")
    #expect(AbsoluteURL(string: "http://h/caf%C3%A9.png")?.lastPathComponent == "caf\u{E9}.png")
  }

  @Test("seeded random URLs: parsing and the parts agree with Foundation's URL")
  func randomAgainstFoundation() {
    var rng = SeededRandom(seed: 0xAB5_0_1)
    // No `@` or `:`: Foundation escapes all but the last `@` of an authority and drops an
    // empty port, refinements the downloader has no use for (`parts()` covers user and port).
    let pieces = [
      "a", "b", "Z", "9", "-", ".", "_", "~", "/", "//", "?", "#", "=", "&", "%41", "+", ";",
      "..", ".", "!",
    ]
    var compared = 0
    for index in 0..<4000 {
      var text = ["http://", "https://h.test", "http://127.0.0.1:8080", "file:///tmp"][
        Int.random(in: 0..<4, using: &rng)]
      for _ in 0..<Int.random(in: 0...10, using: &rng) {
        text += pieces[Int.random(in: 0..<pieces.count, using: &rng)]
      }
      guard let foundation = URL(string: text), foundation.scheme != nil,
        !text.contains("#") || text.firstIndex(of: "#") == text.lastIndex(of: "#")
      else { continue }
      let ours = AbsoluteURL(string: text)
      #expect(ours?.absoluteString == foundation.absoluteString, "case \(index): \(text)")
      guard let ours else { continue }
      compared += 1
      #expect(ours.scheme == foundation.scheme?.lowercased(), "case \(index): \(text)")
      #expect(
        ours.query == foundation.query(percentEncoded: true).map { Substring($0) },
        "case \(index): \(text)")
      #expect(ours.lastPathComponent == foundation.lastPathComponent, "case \(index): \(text)")
    }
    #expect(compared > 2000)
  }

  @Test("seeded random references resolve as Foundation resolves them")
  func randomResolutionAgainstFoundation() {
    var rng = SeededRandom(seed: 0x5E_50_17E)
    let pieces = ["a", "b", "/", "./", "../", "?q", "#f", ".", "..", "c;d", "e=f"]
    let bases = [
      "http://h.test/a/b/c", "http://h.test/a/b/", "http://h.test", "https://h.test:81/x?y",
      "http://h.test/api/v2/pokemon/?offset=0&limit=20",
    ]
    for index in 0..<3000 {
      let baseText = bases[Int.random(in: 0..<bases.count, using: &rng)]
      var reference = Int.random(in: 0..<5, using: &rng) == 0 ? "/" : ""
      for _ in 0..<Int.random(in: 0...6, using: &rng) {
        reference += pieces[Int.random(in: 0..<pieces.count, using: &rng)]
      }
      // Network-path references (`//host/...`) are left out: Foundation keeps their dot segments,
      // which RFC 3986 removes (the section 5.4 examples above cover `//g`).
      guard reference.filter({ $0 == "#" }).count <= 1, !reference.hasPrefix("//"),
        let foundationBase = URL(string: baseText),
        let expected = URL(string: reference, relativeTo: foundationBase)?.absoluteURL
      else { continue }
      let ours = AbsoluteURL(string: reference, relativeTo: AbsoluteURL(string: baseText)!)
      #expect(
        ours?.absoluteString == expected.absoluteString,
        "case \(index): \(reference) on \(baseText)")
    }
  }
}

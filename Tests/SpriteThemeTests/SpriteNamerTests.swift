import Foundation
import SpriteFiles
import SystemPackage
import Testing
import _SpriteTestSupport

@testable import SpriteTheme

@Suite("SpriteNamer and BatchInput")
struct SpriteNamerTests {
  @Test(
    "names are sanitised to [a-z0-9._-] and never hidden or escaping",
    arguments: [
      ("Pikachu", "pikachu"),
      ("Mr. Mime", "mr.-mime"),
      ("../../etc/passwd", "etc-passwd"),
      (".hidden", "hidden"),
      ("Ünïcödé ✨ sprite", "unicode-sprite"),
      ("Flabébé", "flabebe"),
      ("Flabe\u{301}be\u{301}", "flabebe"),
      ("Øyvind Straße", "oyvind-strasse"),
      ("Ærø İstanbul Łódź", "aero-istanbul-lodz"),
      ("Ｐｉｋａ", "sprite"),
      ("a  b__c--d", "a-b__c-d"),
      ("---", "sprite"),
      ("", "sprite"),
      ("..", "sprite"),
    ])
  func sanitises(raw: String, expected: String) {
    let name = SpriteNamer.sanitise(raw)
    #expect(name == expected)
    #expect(name.allSatisfy { "abcdefghijklmnopqrstuvwxyz0123456789._-".contains($0) })
    #expect(!name.hasPrefix(".") && !name.contains("/"))
  }

  @Test("collisions get -2, -3 in the order asked, also against names that already end in -2")
  func collisions() {
    var namer = SpriteNamer()
    let names = ["Cat", "cat", "CAT", "cat-2", "dog"].map { namer.uniqueName(for: $0) }
    #expect(names == ["cat", "cat-2", "cat-3", "cat-2-2", "dog"])
  }

  @Test(
    "many repeats of a name, mixed with names that look like its suffixes, name as the plain search from -2 does"
  )
  func repeatedNames() {
    // The plain rule: the first of base, base-2, base-3, … that no earlier call returned.
    var given = Set<String>()
    func reference(_ raw: String) -> String {
      let base = SpriteNamer.sanitise(raw)
      var candidate = base
      var n = 2
      while given.contains(candidate) {
        candidate = "\(base)-\(n)"
        n += 1
      }
      given.insert(candidate)
      return candidate
    }
    var rng = SeededRandom(seed: 5)
    var namer = SpriteNamer()
    for _ in 0..<4_000 {
      let raw = ["cat", "Cat.png", "cat-\(Int.random(in: 2...40, using: &rng))", "cat-3-2", "dog"][
        Int.random(in: 0..<5, using: &rng)]
      #expect(namer.uniqueName(for: raw) == reference(raw), "\(raw)")
    }
  }

  @Test("long names are cut to 96 characters")
  func longNames() {
    #expect(SpriteNamer.sanitise(String(repeating: "x", count: 300)).count == 96)
  }

  @Test("folders expand to their PNGs sorted by path, hidden entries skipped; files stay as given")
  func collectsInputs() throws {
    let directory = try TemporaryDirectory()
    let root = directory.url.path
    for relative in ["b/z.png", "b/a.PNG", "a.png", ".hidden/x.png", "b/.y.png", "notes.txt"] {
      let url = directory.url.appendingPathComponent(relative)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data([1]).write(to: url)
    }
    let list = directory.url.appendingPathComponent("list")
    try Data("  /elsewhere/q.png \n\n\(root)/a.png".utf8).write(to: list)
    let standardInput = try FileDescriptor.open(list.path, .readOnly)
    defer { try? standardInput.close() }
    let inputs = BatchInput.collect(
      [FilePath(root), FilePath("\(root)/notes.txt"), "-"], standardInput: standardInput)
    #expect(
      inputs.map(\.path.string) == [
        "\(root)/a.png", "\(root)/b/a.PNG", "\(root)/b/z.png", "\(root)/notes.txt",
        "/elsewhere/q.png",
        "\(root)/a.png",
      ])
    #expect(inputs.map(\.name) == ["a", "a-2", "z", "notes.txt", "q", "a-3"])
  }

  @Test(
    "folder listings sort by UTF-8 bytes: a decomposed name does not tie with its composed form")
  func sortsByBytes() throws {
    // U+00E9 is C3 A9; `e` + U+0301 is 65 CC 81. `String`'s `<` treats them as equal and puts
    // both after "f"; byte order puts the decomposed one before "f" and the composed one after.
    let names = ["\u{E9}.png", "f.png", "e\u{301}.png", "E.png", "d.png"]
    #expect(
      names.map { FilePath($0) }.sorted(by: FolderWalk.precedesInBytes)
        == ["E.png", "d.png", "e\u{301}.png", "f.png", "\u{E9}.png"])
    // Against an independent definition, on seeded random strings (prefixes included).
    var generator = SeededRandom(seed: 0x5EED)
    // No "/": FilePath folds repeated and trailing slashes, which a listed path never has.
    let alphabet: [String] = ["a", "b", "\u{E9}", "e\u{301}", "\u{1F600}", "."]
    for _ in 0..<2_000 {
      let a = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator)!
      }.joined()
      let b = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator)!
      }.joined()
      #expect(
        FolderWalk.precedesInBytes(FilePath(a), FilePath(b))
          == Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)))
    }
    // Long (heap-stored) strings too.
    let long = String(repeating: "x", count: 40)
    #expect(FolderWalk.precedesInBytes(FilePath(long + "a"), FilePath(long + "b")))
    #expect(!FolderWalk.precedesInBytes(FilePath(long + "b"), FilePath(long + "a")))
    #expect(FolderWalk.precedesInBytes(FilePath(long), FilePath(long + "a")))
    #expect(!FolderWalk.precedesInBytes(FilePath(long), FilePath(long)))
  }

  @Test("the listing's sort gives the order of precedesInBytes, duplicates and prefixes included")
  func sortedByBytesMatchesTheComparison() {
    #expect(FolderWalk.sortedByBytes([]) == [])
    var generator = SeededRandom(seed: 0x50_27)
    let alphabet: [String] = [
      "a", "b", "\u{E9}", "e\u{301}", "/", ".", String(repeating: "x", count: 30),
    ]
    for _ in 0..<300 {
      let paths = (0..<Int.random(in: 1...40, using: &generator)).map { _ in
        (0..<Int.random(in: 0...5, using: &generator)).map { _ in
          alphabet.randomElement(using: &generator)!
        }.joined()
      }
      // Compared as bytes: `String`'s `==` would let a composed name stand for a decomposed one.
      let files = paths.map { FilePath($0) }
      let sorted = FolderWalk.sortedByBytes(files).map(\.bytes)
      #expect(sorted == files.sorted(by: FolderWalk.precedesInBytes).map(\.bytes))
    }
  }
}

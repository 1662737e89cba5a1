import Foundation
import SpriteFiles
import Testing
import _SpriteTestSupport

@testable import SpriteTheme
@testable import SpriteThemeModel

/// How numbers, names, paths and folders come out: exactly what the general rules give.
@Suite("Numbers, names, paths, folders")
struct OutputRulesTests {
  /// How theme files write a number: an integral one as an integer, others as `description`.
  private func reference(_ d: Double) -> String {
    guard d.isFinite else { return "null" }
    if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
    return d.description
  }

  private func formatted(_ d: Double) -> String {
    var writer = JSONWriter()
    writer.value(d)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  @Test("numbers are written as Double.description writes them")
  func numbersMatchDescription() {
    var rng = SeededRandom(seed: 7)
    var values: [Double] = [
      0, -0.0, 1, -1, 0.5, 0.1, 0.2, 0.3, 1e-3, 9.99e-4, 1e-4, 1e-5, 0.001234, 89.88, -41.04,
      4.518, 0.278723, 0.000001, 1e7, 1e7 - 0.5, 9_999_999.99999999, 123456.78901234,
      1e15, 1e15 + 0.5, 1e16, 2e300, .leastNonzeroMagnitude, .pi, -.pi, 1.0 / 3, 2.0 / 3, .infinity,
      -.infinity,
      .nan, 0.1 + 0.2, 1.005, 2.675, 1_048_576.125, 0.015625,
    ]
    for _ in 0..<20_000 {
      let places = Int.random(in: 0...10, using: &rng)
      let scale = pow(10.0, Double(places))
      let magnitude = pow(10.0, Double.random(in: -6...9, using: &rng))
      let raw = Double.random(in: -magnitude...magnitude, using: &rng)
      values.append((raw * scale).rounded() / scale)
      values.append(raw)
      values.append(Double(Float(raw)))
    }
    for value in values {
      #expect(formatted(value) == reference(value), "\(value)")
    }
  }

  @Test("index.json is written byte for byte in the stable layout")
  func indexBytes() {
    var colors = BatchIndex.EntryColors(average: "#304050", dominant: "#000000")
    colors.card = .init(background: "#303030", text: "#ffffff7f")
    colors.accent = "#0775dc"
    colors.materialSource = "#0775dc"
    colors.swatches.vibrant = "#c00000"
    let index = BatchIndex(
      entries: [
        .init(
          name: "a", source: "in/a.png", theme: "themes/a.json", average: "#102030", dominant: nil),
        .init(name: "d", source: "in/d.png", theme: "themes/d.json", colors: colors),
      ],
      errors: [.init(source: "in/b.png", stage: "decode", message: "bad \"x\"\n")],
      skipped: [.init(name: "c", reason: "no front_default sprite")],
      run: .init(options: "extent=centre(0.125) palette=8", shard: "1/3"))
    #expect(
      String(decoding: ThemeEncoder.encode(index), as: UTF8.self) == """
        {
          "count": 3,
          "entries": [
            {
              "accent": null,
              "average": "#102030",
              "card": null,
              "dominant": null,
              "materialSource": null,
              "name": "a",
              "source": "in/a.png",
              "swatches": {
                "darkMuted": null,
                "darkVibrant": null,
                "lightMuted": null,
                "lightVibrant": null,
                "muted": null,
                "vibrant": null
              },
              "theme": "themes/a.json"
            },
            {
              "accent": "#0775dc",
              "average": "#304050",
              "card": {
                "background": "#303030",
                "text": "#ffffff7f"
              },
              "dominant": "#000000",
              "materialSource": "#0775dc",
              "name": "d",
              "source": "in/d.png",
              "swatches": {
                "darkMuted": null,
                "darkVibrant": null,
                "lightMuted": null,
                "lightVibrant": null,
                "muted": null,
                "vibrant": "#c00000"
              },
              "theme": "themes/d.json"
            }
          ],
          "errors": [
            {
              "message": "bad \\"x\\"\\n",
              "source": "in/b.png",
              "stage": "decode"
            }
          ],
          "run": {
            "options": "extent=centre(0.125) palette=8",
            "shard": "1/3"
          },
          "schema": "spritetheme/index@1",
          "skipped": [
            {
              "name": "c",
              "reason": "no front_default sprite"
            }
          ]
        }

        """)
    let empty = BatchIndex(entries: [], errors: [])
    #expect(
      String(decoding: ThemeEncoder.encode(empty), as: UTF8.self) == """
        {
          "count": 0,
          "entries": [],
          "errors": [],
          "run": null,
          "schema": "spritetheme/index@1",
          "skipped": []
        }

        """)
  }

  @Test("the ASCII name fast path agrees with Foundation's folding")
  func asciiNamesAgree() {
    var rng = SeededRandom(seed: 3)
    let alphabet = Array("aZ09._- /\\:*?\"<>|!~`'AbCxYz.-.".utf8)
    var names = ["", ".", "..", "---", "a", ".a.", "-a-", String(repeating: "ab-", count: 60)]
    for _ in 0..<3000 {
      let length = Int.random(in: 0...120, using: &rng)
      names.append(
        String(
          decoding: (0..<length).map { _ in alphabet.randomElement(using: &rng)! }, as: UTF8.self))
    }
    for name in names {
      #expect(SpriteNamer.sanitise(name) == SpriteNamer.sanitiseFolding(name), "\(name)")
    }
  }

  @Test(
    "sprite names take the last non-empty component",
    arguments: [
      ("a/b/c.png", "c"), ("c.PNG", "c"), ("dir/", "dir"), ("dir/x.png//", "x"), ("", ""),
      ("///", "///"), ("/x.Png", "x"), (".png", ""), ("a.png.txt", "a.png.txt"), ("é/ü.png", "ü"),
      ("png", "png"),
    ])
  func spriteNames(path: String, expected: String) {
    #expect(ThemePipeline.spriteName(forPath: path) == expected)
  }

  @Test(
    "temporary files are hidden, named after their target, and never the same twice",
    arguments: ["a.json", "index.json", "bad-\u{FFFD}.png"])
  func temporaryNames(name: String) {
    let temporary = AtomicFile.temporaryName(for: name)
    #expect(temporary.hasPrefix("." + name + ".tmp-" + String(getpid()) + "-"))
    #expect(AtomicFile.isTemporary(temporary))
    #expect(temporary != AtomicFile.temporaryName(for: name))
  }

  @Test("empty files read as no bytes")
  func emptyRead() throws {
    let directory = try TemporaryDirectory()
    let path = FilePath(directory.url.appendingPathComponent("empty").path)
    try FileIO.writeAtomically([UInt8](), to: path)
    #expect(try FileIO.read(path) == [])
  }

  @Test("folders list symbolic links to files, never follow links to folders")
  func symbolicLinks() throws {
    let directory = try TemporaryDirectory()
    let root = directory.url.path
    let manager = FileManager.default
    for relative in [
      "real/a.png", "real/sub/z.png", "real/sub/.x.png", "dir.png/inner.png", ".h/h.png", "B.png",
    ] {
      let path = root + "/" + relative
      try manager.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data([1]).write(to: URL(fileURLWithPath: path))
    }
    try manager.createSymbolicLink(atPath: root + "/linkdir", withDestinationPath: "real")
    try manager.createSymbolicLink(atPath: root + "/link.png", withDestinationPath: "real/a.png")
    try manager.createSymbolicLink(
      atPath: root + "/dangling.png", withDestinationPath: "nowhere.png")
    try manager.createSymbolicLink(atPath: root + "/linkdir.png", withDestinationPath: "real")
    let inputs = BatchInput.collect([FilePath(root + "/")])
    #expect(
      inputs.map(\.path.string) == [
        "\(root)/B.png", "\(root)/dangling.png", "\(root)/dir.png/inner.png", "\(root)/link.png",
        "\(root)/real/a.png", "\(root)/real/sub/z.png",
      ])
    #expect(inputs.map(\.name) == ["b", "dangling", "inner", "link", "a", "z"])
    // A folder given as a link lists nothing, as FileManager's enumerator did.
    #expect(BatchInput.collect([FilePath(root + "/linkdir")]).isEmpty)
  }
}

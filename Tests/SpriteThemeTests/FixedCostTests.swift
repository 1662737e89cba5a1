import Foundation
import Testing
import _SpriteTestSupport

@testable import SpriteTheme

/// The fast paths of the per-sprite fixed costs give exactly what the general code gives.
@Suite("Fast paths: numbers, names, paths, folders")
struct FixedCostTests {
  /// `JSONNumber` as the old tree writer formatted numbers.
  private func reference(_ d: Double) -> String {
    guard d.isFinite else { return "null" }
    if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
    return d.description
  }

  private func formatted(_ d: Double) -> String {
    var out = [UInt8]()
    JSONNumber.append(d, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  @Test("numbers are written as Double.description writes them")
  func numbersMatchDescription() {
    var rng = SeededRandom(seed: 7)
    var values: [Double] = [
      0, -0.0, 1, -1, 0.5, 0.1, 0.2, 0.3, 1e-3, 9.99e-4, 1e-4, 1e-5, 0.001234, 89.88, -41.04,
      4.518, 0.278723, 0.000001, 1e7, 1e7 - 0.5, 9_999_999.99999999, 123456.78901234,
      1e15, 1e15 + 0.5, 1e16, 2e300, .leastNonzeroMagnitude, .pi, -.pi, 1.0 / 3, 2.0 / 3, .infinity, -.infinity,
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

  @Test("integers are written as String(_:) writes them")
  func integersMatchString() {
    var rng = SeededRandom(seed: 11)
    var values: [Int] = [0, 1, -1, 9, 10, 11, 99, 100, 101, 999, 1000, -1000, .max, .min, .max - 1, .min + 1]
    var power = 1
    for _ in 0..<18 {
      power *= 10
      values += [power - 1, power, power + 1, -(power - 1), -power]
    }
    for _ in 0..<20_000 {
      let digits = Int.random(in: 1...18, using: &rng)
      var bound = 1
      for _ in 0..<digits { bound *= 10 }
      values.append(Int.random(in: -bound...bound, using: &rng))
    }
    var buffer = [UInt8](repeating: 0, count: 32)
    for value in values {
      let length = buffer.withUnsafeMutableBufferPointer {
        JSONWriter.writeInteger(value, to: $0.baseAddress!)
      }
      #expect(String(decoding: buffer[0..<length], as: UTF8.self) == String(value))
      #expect(DecimalDigits.count(UInt64(value.magnitude)) == String(value.magnitude).count)
    }
    // Beyond Int: the top of UInt64, where the digit count's estimate reaches its last power.
    for value: UInt64 in [9_999_999_999_999_999_999, 10_000_000_000_000_000_000, .max, 1 << 63] {
      #expect(DecimalDigits.count(value) == String(value).count, "\(value)")
    }
  }

  @Test("the word-at-a-time escape test agrees with a byte-by-byte one")
  func escapeTest() {
    // Every byte value at every position of strings of 0-40 bytes, in a plain background.
    func reference(_ bytes: [UInt8]) -> Bool {
      bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    }
    for length in 0...40 {
      var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
      #expect(!bytes.withUnsafeBytes { JSONWriter.needsEscape($0.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count: length) })
      for position in 0..<length {
        for byte in UInt8.min...UInt8.max {
          bytes[position] = byte
          let fast = bytes.withUnsafeBytes { JSONWriter.needsEscape($0.baseAddress!, count: length) }
          #expect(fast == reference(bytes), "byte \(byte) at \(position) of \(length)")
        }
        bytes[position] = UInt8(ascii: "a")
      }
    }
    // Neighbours of the special bytes and UTF-8 sequences, mixed, in random strings.
    var rng = SeededRandom(seed: 5)
    let alphabet: [UInt8] = [0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xA2, 0xDC, 0xFF, 0x41]
    for _ in 0..<20_000 {
      let bytes = (0..<Int.random(in: 0...64, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
      let fast = bytes.withUnsafeBytes {
        JSONWriter.needsEscape($0.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count: bytes.count)
      }
      #expect(fast == reference(bytes), "\(bytes)")
    }
  }

  @Test("index.json is written byte for byte in the stable layout")
  func indexBytes() {
    let index = BatchIndex(
      entries: [
        .init(name: "a", source: "in/a.png", theme: "themes/a.json", average: "#102030", dominant: nil)
      ],
      errors: [.init(source: "in/b.png", stage: "decode", message: "bad \"x\"\n")],
      skipped: [.init(name: "c", reason: "no front_default sprite")])
    #expect(String(decoding: ThemeEncoder.encode(index), as: UTF8.self) == """
      {
        "count": 2,
        "entries": [
          {
            "average": "#102030",
            "dominant": null,
            "name": "a",
            "source": "in/a.png",
            "theme": "themes/a.json"
          }
        ],
        "errors": [
          {
            "message": "bad \\"x\\"\\n",
            "source": "in/b.png",
            "stage": "decode"
          }
        ],
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
    #expect(String(decoding: ThemeEncoder.encode(empty), as: UTF8.self) == """
      {
        "count": 0,
        "entries": [],
        "errors": [],
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
        String(decoding: (0..<length).map { _ in alphabet.randomElement(using: &rng)! }, as: UTF8.self))
    }
    for name in names {
      #expect(SpriteNamer.sanitise(name) == SpriteNamer.sanitiseFolding(name), "\(name)")
    }
  }

  @Test("sprite names take the last non-empty component", arguments: [
    ("a/b/c.png", "c"), ("c.PNG", "c"), ("dir/", "dir"), ("dir/x.png//", "x"), ("", ""),
    ("///", "///"), ("/x.Png", "x"), (".png", ""), ("a.png.txt", "a.png.txt"), ("é/ü.png", "ü"),
    ("png", "png"),
  ])
  func spriteNames(path: String, expected: String) {
    #expect(ThemePipeline.spriteName(forPath: path) == expected)
  }

  @Test("temporary files are hidden beside their target", arguments: [
    ("out/themes/a.json", "out/themes/.a.json.tmp-"), ("a.json", ".a.json.tmp-"),
    ("/x.json", "/.x.json.tmp-"),
  ])
  func temporaryPaths(path: String, prefix: String) {
    let temporary = FileIO.temporaryPath(for: path)
    #expect(temporary.hasPrefix(prefix + String(getpid()) + "-"))
    #expect(temporary != FileIO.temporaryPath(for: path))
  }

  @Test("empty files read as no bytes")
  func emptyRead() throws {
    let directory = try TemporaryDirectory()
    let path = directory.url.appendingPathComponent("empty").path
    try FileIO.writeAtomically([UInt8](), to: path)
    #expect(try FileIO.read(path) == [])
  }

  @Test("folders list symbolic links to files, never follow links to folders")
  func symbolicLinks() throws {
    let directory = try TemporaryDirectory()
    let root = directory.url.path
    let manager = FileManager.default
    for relative in ["real/a.png", "real/sub/z.png", "real/sub/.x.png", "dir.png/inner.png", ".h/h.png", "B.png"] {
      let path = root + "/" + relative
      try manager.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data([1]).write(to: URL(fileURLWithPath: path))
    }
    try manager.createSymbolicLink(atPath: root + "/linkdir", withDestinationPath: "real")
    try manager.createSymbolicLink(atPath: root + "/link.png", withDestinationPath: "real/a.png")
    try manager.createSymbolicLink(atPath: root + "/dangling.png", withDestinationPath: "nowhere.png")
    try manager.createSymbolicLink(atPath: root + "/linkdir.png", withDestinationPath: "real")
    let inputs = BatchInput.collect([root + "/"])
    #expect(inputs.map(\.path.string) == [
      "\(root)/B.png", "\(root)/dangling.png", "\(root)/dir.png/inner.png", "\(root)/link.png",
      "\(root)/real/a.png", "\(root)/real/sub/z.png",
    ])
    #expect(inputs.map(\.name) == ["b", "dangling", "inner", "link", "a", "z"])
    // A folder given as a link lists nothing, as FileManager's enumerator did.
    #expect(BatchInput.collect([root + "/linkdir"]).isEmpty)
  }
}

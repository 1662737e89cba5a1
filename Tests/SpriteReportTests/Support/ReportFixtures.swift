import Foundation
import SpriteCore
import SpriteMaterial
import _SpriteTestSupport

/// Output directories for the report tests, made from the 51 sample themes: `index.json`,
/// `themes/<name>.json` with the `material` block and `accent` of SPEC section 10 added (computed
/// here with SpriteMaterial's API, a variant and contrast level that change from sprite to
/// sprite, upper-case hex as Theme Builder writes), and for every other sample a thumbnail (the
/// sample PNG copied to `thumbs/<sample>-32.png`); the rest point at the sample PNG itself.
enum ReportFixtures {
  /// What a fixture directory holds.
  struct Directory {
    /// The output directory.
    var url: URL
    /// Every sprite name in the index, in index order.
    var names: [String]
  }

  /// Writes `count` sprites into `folder` (the samples in order, then again under new names
  /// `s<n>-<sample>`), plus, with `broken`, an unreadable theme and a failed input in the index.
  static func write(into folder: URL, count: Int = 51, broken: Bool = false) throws -> Directory {
    let samples = Fixtures.packageRoot.appendingPathComponent("samples/themes")
    let sampleFiles = try FileManager.default.contentsOfDirectory(atPath: samples.path)
      .filter { $0.hasSuffix(".json") }.sorted()
    let themes = try sampleFiles.enumerated().map { i, file in
      var theme =
        try JSONSerialization.jsonObject(
          with: Data(contentsOf: samples.appendingPathComponent(file))) as! [String: Any]
      addMaterial(to: &theme, index: i)
      return (String(file.dropLast(5)), theme)
    }
    for sub in ["themes", "thumbs"] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
    }
    // Each sample's file is made once and written under every name it gets: a theme's name is
    // its file's name, so copies share their source and thumbnail.
    var files = [Data]()
    for (i, (sample, base)) in themes.enumerated() {
      var theme = base
      var source = theme["source"] as! [String: Any]
      let png = Fixtures.sampleSprites.appendingPathComponent(sample + ".png")
      source["path"] = png.path
      theme["source"] = source
      if i % 2 == 0 {
        let thumb = "thumbs/\(sample)-32.png"
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(thumb))
        try FileManager.default.copyItem(at: png, to: folder.appendingPathComponent(thumb))
        theme["thumbnails"] = [
          ["path": thumb, "width": source["width"]!, "height": source["height"]!, "filter": "area"]
        ]
      }
      files.append(try JSONSerialization.data(withJSONObject: theme, options: [.sortedKeys]))
    }
    var entries = [[String: Any]]()
    var names = [String]()
    for n in 0..<count {
      let sample = themes[n % themes.count].0
      let name = n < themes.count ? sample : String(format: "s%05d-", n) + sample
      try files[n % themes.count].write(to: folder.appendingPathComponent("themes/\(name).json"))
      entries.append(["name": name, "source": sample + ".png", "theme": "themes/\(name).json"])
      names.append(name)
    }
    var errors = [[String: Any]]()
    if broken {
      try Data("{\"schema\": \"spritetheme/theme@1\", \"source\": ".utf8)
        .write(to: folder.appendingPathComponent("themes/zz-broken.json"))
      entries.append([
        "name": "zz-broken", "source": "zz-broken.png", "theme": "themes/zz-broken.json",
      ])
      names.append("zz-broken")
      errors.append(["source": "sprites/<bad>.png", "stage": "decode", "message": "not a PNG file"])
    }
    let index: [String: Any] = [
      "schema": "spritetheme/index@1", "count": entries.count + errors.count,
      "entries": entries, "errors": errors, "skipped": [],
    ]
    try JSONSerialization.data(withJSONObject: index, options: [.sortedKeys])
      .write(to: folder.appendingPathComponent("index.json"))
    return Directory(url: folder, names: names)
  }

  /// Adds `material` and `accent` (``MaterialFixture``).
  static func addMaterial(to theme: inout [String: Any], index: Int) {
    MaterialFixture.add(to: &theme, index: index)
  }

  /// A name far longer than a card is wide, in words and in one unbroken run.
  static let longName =
    "a-very-long-sprite-name-from-a-list-that-never-ends-"
    + String(repeating: "x", count: 90) + "-final-form"

  /// Renames the sprite at `index` to `name` (its index entry and its theme file).
  static func rename(_ fixture: inout Directory, at index: Int, to name: String) throws {
    let old = fixture.names[index]
    try FileManager.default.moveItem(
      at: fixture.url.appendingPathComponent("themes/\(old).json"),
      to: fixture.url.appendingPathComponent("themes/\(name).json"))
    let indexURL = fixture.url.appendingPathComponent("index.json")
    var object =
      try JSONSerialization.jsonObject(with: Data(contentsOf: indexURL)) as! [String: Any]
    var entries = object["entries"] as! [[String: Any]]
    entries[index]["name"] = name
    entries[index]["theme"] = "themes/\(name).json"
    object["entries"] = entries
    try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: indexURL)
    fixture.names[index] = name
  }
}

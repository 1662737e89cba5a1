/// The JSON trees of the theme and index documents, field for field as their `Codable` forms.
extension Theme {
  var json: JSONValue {
    .object([
      ("average", average.json), ("card", card?.json ?? .null),
      ("dominant", dominant?.json ?? .null), ("palette", .array(palette.map(\.json))),
      ("schema", .string(schema)), ("seed", seed.json), ("source", source.json),
      ("swatches", swatches.json), ("thumbnails", .array(thumbnails.map(\.json))),
    ])
  }
}

extension Theme.Source {
  var json: JSONValue {
    var members: [(String, JSONValue)] = [
      ("name", .string(name)), ("sha256", .string(sha256)), ("width", .int(width)),
      ("height", .int(height)), ("opaquePixels", .int(opaquePixels)),
    ]
    if let path { members.append(("path", .string(path))) }
    if let url { members.append(("url", .string(url))) }
    if let id { members.append(("id", .int(id))) }
    return .object(members)
  }
}

extension Theme.ExtentBox {
  var json: JSONValue {
    .object([
      ("height", .double(height)), ("name", .string(name)), ("width", .double(width)),
      ("x", .double(x)), ("y", .double(y)),
    ])
  }
}

extension Theme.Color {
  var json: JSONValue {
    .object([("hex", .string(hex)), ("rgb", .array(rgb.map { .int($0) }))])
  }
}

extension Theme.Average {
  var json: JSONValue {
    .object([
      ("coverage", .double(coverage)), ("encoded", encoded?.json ?? .null),
      ("extent", extent.json), ("hex", .string(hex)), ("linear", linear?.json ?? .null),
    ])
  }
}

extension Theme.Seed {
  var json: JSONValue {
    .object([
      ("coverage", .double(coverage)), ("extent", extent.json), ("hex", .string(hex)),
      ("premultiplied", .array(premultiplied.map { .int($0) })),
    ])
  }
}

extension Theme.PaletteColor {
  var json: JSONValue {
    .object([
      ("hex", .string(hex)), ("oklch", .array(oklch.map { .double($0) })),
      ("population", .double(population)), ("rgb", .array(rgb.map { .int($0) })),
    ])
  }
}

extension Theme.Text {
  var json: JSONValue {
    .object([("apca", .double(apca)), ("contrast", .double(contrast)), ("hex", .string(hex))])
  }
}

extension Theme.Swatch {
  var json: JSONValue {
    .object([
      ("bodyText", bodyText.json), ("hex", .string(hex)), ("population", .double(population)),
      ("rgb", .array(rgb.map { .int($0) })), ("titleText", titleText.json),
    ])
  }
}

extension Theme.SwatchSet {
  var json: JSONValue {
    .object([
      ("darkMuted", darkMuted?.json ?? .null), ("darkVibrant", darkVibrant?.json ?? .null),
      ("lightMuted", lightMuted?.json ?? .null), ("lightVibrant", lightVibrant?.json ?? .null),
      ("muted", muted?.json ?? .null), ("vibrant", vibrant?.json ?? .null),
    ])
  }
}

extension Theme.Card {
  var json: JSONValue {
    .object([("background", .string(background)), ("extent", extent.json), ("text", text.json)])
  }
}

extension Theme.ThumbnailFile {
  var json: JSONValue {
    .object([
      ("filter", .string(filter)), ("height", .int(height)), ("path", .string(path)),
      ("width", .int(width)),
    ])
  }
}

extension BatchIndex {
  var json: JSONValue {
    .object([
      ("schema", .string(schema)), ("count", .int(count)),
      (
        "entries",
        .array(
          entries.map {
            .object([
              ("name", .string($0.name)), ("source", .string($0.source)),
              ("theme", .string($0.theme)), ("average", .string($0.average)),
              ("dominant", .string($0.dominant)),
            ])
          })
      ),
      (
        "errors",
        .array(
          errors.map {
            .object([
              ("source", .string($0.source)), ("stage", .string($0.stage)),
              ("message", .string($0.message)),
            ])
          })
      ),
    ])
  }
}

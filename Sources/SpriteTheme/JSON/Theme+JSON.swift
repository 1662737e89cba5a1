/// The JSON trees of the theme and index documents, field for field as their `Codable` forms.
extension Theme {
  var json: JSONValue {
    .object([
      ("schema", .string(schema)), ("source", source.json), ("average", average.json),
      ("seed", seed.json), ("palette", .array(palette.map(\.json))),
      ("dominant", dominant?.json ?? .null), ("swatches", swatches.json),
      ("card", card?.json ?? .null), ("thumbnails", .array(thumbnails.map(\.json))),
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
      ("name", .string(name)), ("x", .double(x)), ("y", .double(y)), ("width", .double(width)),
      ("height", .double(height)),
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
      ("extent", extent.json), ("coverage", .double(coverage)), ("hex", .string(hex)),
      ("linear", linear?.json ?? .null), ("encoded", encoded?.json ?? .null),
    ])
  }
}

extension Theme.Seed {
  var json: JSONValue {
    .object([
      ("extent", extent.json), ("coverage", .double(coverage)),
      ("premultiplied", .array(premultiplied.map { .int($0) })), ("hex", .string(hex)),
    ])
  }
}

extension Theme.PaletteColor {
  var json: JSONValue {
    .object([
      ("hex", .string(hex)), ("rgb", .array(rgb.map { .int($0) })),
      ("population", .double(population)), ("oklch", .array(oklch.map { .double($0) })),
    ])
  }
}

extension Theme.Text {
  var json: JSONValue {
    .object([("hex", .string(hex)), ("contrast", .double(contrast)), ("apca", .double(apca))])
  }
}

extension Theme.Swatch {
  var json: JSONValue {
    .object([
      ("hex", .string(hex)), ("rgb", .array(rgb.map { .int($0) })),
      ("population", .double(population)), ("titleText", titleText.json),
      ("bodyText", bodyText.json),
    ])
  }
}

extension Theme.SwatchSet {
  var json: JSONValue {
    .object([
      ("vibrant", vibrant?.json ?? .null), ("lightVibrant", lightVibrant?.json ?? .null),
      ("darkVibrant", darkVibrant?.json ?? .null), ("muted", muted?.json ?? .null),
      ("lightMuted", lightMuted?.json ?? .null), ("darkMuted", darkMuted?.json ?? .null),
    ])
  }
}

extension Theme.Card {
  var json: JSONValue {
    .object([("extent", extent.json), ("background", .string(background)), ("text", text.json)])
  }
}

extension Theme.ThumbnailFile {
  var json: JSONValue {
    .object([
      ("path", .string(path)), ("width", .int(width)), ("height", .int(height)),
      ("filter", .string(filter)),
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

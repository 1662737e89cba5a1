/// The theme and index documents written member by member, keys in sorted order, field for field
/// as their `Codable` forms (every key present, `null` for a missing value).
extension JSONWriter {
  /// Writes a whole theme document.
  mutating func write(_ theme: Theme) {
    beginObject()
    key("accent")
    if let accent = theme.accent { write(accent) } else { null() }
    key("average")
    write(theme.average)
    key("card")
    if let card = theme.card { write(card) } else { null() }
    key("dominant")
    if let dominant = theme.dominant { write(dominant) } else { null() }
    key("material")
    if let material = theme.material { write(material) } else { null() }
    key("outline")
    if let outline = theme.outline { write(outline) } else { null() }
    key("palette")
    beginArray()
    for color in theme.palette {
      element()
      write(color)
    }
    endArray()
    key("schema")
    value(theme.schema)
    key("seed")
    write(theme.seed)
    key("source")
    write(theme.source)
    key("swatches")
    write(theme.swatches)
    key("thumbnails")
    beginArray()
    for thumbnail in theme.thumbnails {
      element()
      write(thumbnail)
    }
    endArray()
    endObject()
  }

  private mutating func write(_ source: Theme.Source) {
    beginObject()
    key("height")
    value(source.height)
    if let id = source.id {
      key("id")
      value(id)
    }
    key("name")
    value(source.name)
    key("opaquePixels")
    value(source.opaquePixels)
    if let path = source.path {
      key("path")
      value(path)
    }
    key("sha256")
    value(source.sha256)
    if let url = source.url {
      key("url")
      value(url)
    }
    key("width")
    value(source.width)
    endObject()
  }

  private mutating func write(_ box: Theme.ExtentBox) {
    beginObject()
    key("height")
    value(box.height)
    key("name")
    value(box.name)
    key("width")
    value(box.width)
    key("x")
    value(box.x)
    key("y")
    value(box.y)
    endObject()
  }

  private mutating func write(_ color: Theme.Color?) {
    guard let color else { return null() }
    beginObject()
    key("hex")
    value(color.hex)
    key("rgb")
    value(color.rgb)
    endObject()
  }

  private mutating func write(_ average: Theme.Average) {
    beginObject()
    key("coverage")
    value(average.coverage)
    key("encoded")
    write(average.encoded)
    key("extent")
    write(average.extent)
    key("hex")
    value(average.hex)
    key("linear")
    write(average.linear)
    endObject()
  }

  private mutating func write(_ seed: Theme.Seed) {
    beginObject()
    key("coverage")
    value(seed.coverage)
    key("extent")
    write(seed.extent)
    key("hex")
    value(seed.hex)
    key("premultiplied")
    value(seed.premultiplied)
    endObject()
  }

  private mutating func write(_ color: Theme.PaletteColor) {
    beginObject()
    key("hex")
    value(color.hex)
    key("oklch")
    value(color.oklch)
    key("population")
    value(color.population)
    key("rgb")
    value(color.rgb)
    endObject()
  }

  private mutating func write(_ outline: Theme.OutlineColor) {
    beginObject()
    key("hex")
    value(outline.hex)
    key("rgb")
    value(outline.rgb)
    key("share")
    value(outline.share)
    endObject()
  }

  private mutating func write(_ text: Theme.Text) {
    beginObject()
    key("apca")
    value(text.apca)
    key("contrast")
    value(text.contrast)
    key("hex")
    value(text.hex)
    endObject()
  }

  private mutating func write(_ swatch: Theme.Swatch?) {
    guard let swatch else { return null() }
    beginObject()
    key("bodyText")
    write(swatch.bodyText)
    key("hex")
    value(swatch.hex)
    key("population")
    value(swatch.population)
    key("rgb")
    value(swatch.rgb)
    key("titleText")
    write(swatch.titleText)
    endObject()
  }

  private mutating func write(_ set: Theme.SwatchSet) {
    beginObject()
    key("darkMuted")
    write(set.darkMuted)
    key("darkVibrant")
    write(set.darkVibrant)
    key("lightMuted")
    write(set.lightMuted)
    key("lightVibrant")
    write(set.lightVibrant)
    key("muted")
    write(set.muted)
    key("vibrant")
    write(set.vibrant)
    endObject()
  }

  private mutating func write(_ card: Theme.Card) {
    beginObject()
    key("background")
    value(card.background)
    key("extent")
    write(card.extent)
    key("text")
    write(card.text)
    endObject()
  }

  private mutating func write(_ thumbnail: Theme.ThumbnailFile) {
    beginObject()
    key("filter")
    value(thumbnail.filter)
    key("height")
    value(thumbnail.height)
    key("path")
    value(thumbnail.path)
    key("width")
    value(thumbnail.width)
    endObject()
  }
}

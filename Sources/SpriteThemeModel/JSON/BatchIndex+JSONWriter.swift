/// `index.json` written member by member, keys in sorted order, field for field as its
/// `Codable` form (every key present, `null` for a missing value).
extension JSONWriter {
  /// Writes a whole `index.json` document.
  mutating func write(_ index: BatchIndex) {
    beginObject()
    key("count")
    value(index.count)
    key("entries")
    beginArray()
    for entry in index.entries {
      element()
      beginObject()
      key("accent")
      value(entry.accent)
      key("average")
      value(entry.average)
      key("card")
      if let card = entry.card {
        beginObject()
        key("background")
        value(card.background)
        key("text")
        value(card.text)
        endObject()
      } else {
        null()
      }
      key("dominant")
      value(entry.dominant)
      key("materialSource")
      value(entry.materialSource)
      key("name")
      value(entry.name)
      key("source")
      value(entry.source)
      key("swatches")
      write(entry.swatches)
      key("theme")
      value(entry.theme)
      endObject()
    }
    endArray()
    key("errors")
    write(index.errors)
    key("run")
    if let run = index.run {
      beginObject()
      key("options")
      value(run.options)
      key("shard")
      value(run.shard)
      endObject()
    } else {
      null()
    }
    key("schema")
    value(index.schema)
    key("skipped")
    beginArray()
    for skip in index.skipped {
      element()
      beginObject()
      key("name")
      value(skip.name)
      key("reason")
      value(skip.reason)
      endObject()
    }
    endArray()
    endObject()
  }

  /// Writes an index entry's six swatch colours, keys sorted, `null` for a missing one.
  mutating func write(_ swatches: BatchIndex.SwatchColors) {
    beginObject()
    key("darkMuted")
    value(swatches.darkMuted)
    key("darkVibrant")
    value(swatches.darkVibrant)
    key("lightMuted")
    value(swatches.lightMuted)
    key("lightVibrant")
    value(swatches.lightVibrant)
    key("muted")
    value(swatches.muted)
    key("vibrant")
    value(swatches.vibrant)
    endObject()
  }

  /// Writes the `errors` array of an index: one object per failed input, keys sorted.
  mutating func write(_ failures: [BatchIndex.Failure]) {
    beginArray()
    for failure in failures {
      element()
      beginObject()
      key("message")
      value(failure.message)
      key("source")
      value(failure.source)
      key("stage")
      value(failure.stage)
      endObject()
    }
    endArray()
  }
}

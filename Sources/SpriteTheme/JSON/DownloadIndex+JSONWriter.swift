extension JSONWriter {
  /// Writes a `fetch --download-only` `index.json`, keys sorted as for ``BatchIndex``.
  mutating func write(_ index: DownloadIndex) {
    beginObject()
    key("count")
    value(index.count)
    key("entries")
    beginArray()
    for entry in index.entries {
      element()
      beginObject()
      key("bytes")
      value(entry.bytes)
      key("name")
      value(entry.name)
      key("source")
      value(entry.source)
      key("sprite")
      value(entry.sprite)
      endObject()
    }
    endArray()
    key("errors")
    write(index.errors)
    key("schema")
    value(index.schema)
    endObject()
  }
}

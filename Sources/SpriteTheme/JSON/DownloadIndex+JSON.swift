extension DownloadIndex {
  /// The index as a JSON value, keys in the same order as `BatchIndex`'s.
  var json: JSONValue {
    .object([
      ("schema", .string(schema)), ("count", .int(count)),
      (
        "entries",
        .array(
          entries.map {
            .object([
              ("name", .string($0.name)), ("source", .string($0.source)),
              ("sprite", .string($0.sprite)), ("bytes", .int($0.bytes)),
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

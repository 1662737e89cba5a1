import SpriteCore

extension Extent: ArgumentValue {
  /// Parses `centre`, `centre:F`, `seed`, `full`, `X,Y,W,H` or `ci:X,Y,W,H`.
  init?(argument: String) {
    self.init(parsing: argument)
  }

  /// The canonical spelling, shown as the default in help.
  var helpDescription: String { name }
}

/// The parts of an output directory's `index.json` (SPEC section 8) the report reads: the
/// sprites with their theme files, and the inputs that failed.
struct IndexFileView: Decodable {
  /// A sprite whose theme was written.
  struct Entry: Decodable {
    /// The sprite's output name.
    var name: String
    /// Its theme file, relative to the output directory.
    var theme: String
  }

  /// An input the run could not turn into a theme.
  struct Failure: Decodable {
    /// The input as given.
    var source: String
    /// The stage that failed.
    var stage: String?
    /// Why.
    var message: String
  }

  /// The sprites, in input order.
  var entries: [Entry]
  /// The failed inputs.
  var errors: [Failure]?
}

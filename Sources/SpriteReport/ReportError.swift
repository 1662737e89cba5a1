/// Why a report could not be written at all (a theme file that cannot be read is not one of
/// these: it is listed in the report as a ``ReportFailure``).
public enum ReportError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The folder is not an output directory of `batch` or `fetch`: no `index.json`, an index
  /// that cannot be read, or no `themes/` folder. A usage error (exit 2).
  case notAnOutputDirectory(path: String, reason: String)
  /// A report file could not be written (exit 3).
  case writeFailed(path: String, reason: String)

  /// One line naming the file and the reason.
  public var description: String {
    switch self {
    case .notAnOutputDirectory(let path, let reason):
      return "\(path): not an output directory of batch or fetch (\(reason))"
    case .writeFailed(let path, let reason):
      return "\(path): cannot write the report (\(reason))"
    }
  }
}

/// A sprite the report could not show (its theme file is missing or not a theme), or an input
/// the run itself could not turn into a theme (from `index.json`'s `errors`).
public struct ReportFailure: Codable, Hashable, Sendable, CustomStringConvertible {
  /// The theme file (relative to the output directory) or the run's input.
  public var source: String
  /// The reason, one sentence.
  public var message: String

  /// Creates a failure record.
  public init(source: String, message: String) {
    self.source = source
    self.message = message
  }

  /// `source: message`.
  public var description: String { "\(source): \(message)" }
}

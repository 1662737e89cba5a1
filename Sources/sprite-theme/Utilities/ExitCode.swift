/// Thrown to end the program with a non-zero exit code once the reason has been reported.
struct ExitCode: Error, Equatable, Sendable {
  /// The process's exit status.
  var rawValue: Int32

  /// An exit with `rawValue`.
  init(_ rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// Some input failed (exit 1).
  static let inputFailed = ExitCode(ExitCodes.inputFailed)
  /// A fatal error such as an unwritable output (exit 3).
  static let fatal = ExitCode(ExitCodes.fatal)
  /// Stopped by a signal (exit 130).
  static let interrupted = ExitCode(ExitCodes.interrupted)
}

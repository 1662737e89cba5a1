import ArgumentParser

/// The exit codes of SPEC section 8 beside ArgumentParser's `success` (0).
extension ExitCode {
  /// Some input failed; the others were written and the failures reported.
  static let inputFailed = ExitCode(1)
  /// The command line was wrong.
  static let usage = ExitCode(2)
  /// Nothing more could be done: the output is not writable or the disk is full.
  static let fatal = ExitCode(3)
  /// The run was stopped by SIGINT or SIGTERM before it finished.
  static let interrupted = ExitCode(130)
}

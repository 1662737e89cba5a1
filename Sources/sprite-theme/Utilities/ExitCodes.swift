/// The exit codes of SPEC section 8.
enum ExitCodes {
  /// Every input was processed.
  static let success: Int32 = 0
  /// Some input failed; the others were written and the failures reported.
  static let inputFailed: Int32 = 1
  /// The command line was wrong.
  static let usage: Int32 = 2
  /// Nothing more could be done: the output is not writable or the disk is full.
  static let fatal: Int32 = 3
  /// The run was stopped by SIGINT or SIGTERM before it finished.
  static let interrupted: Int32 = 130
}

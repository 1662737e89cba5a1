import ArgumentParser
import Foundation

/// `--quiet` and `--progress`: whether long runs report on standard error.
struct ProgressOptions: ParsableArguments {
  /// Print nothing but errors.
  @Flag(help: "Print nothing but errors.")
  var quiet = false

  /// Draw the progress line even when standard error is not a terminal.
  @Flag(help: "Show the progress line even when standard error is not a terminal.")
  var progress = false

  /// The two flags exclude each other.
  func validate() throws {
    if quiet && progress { throw ValidationError("--quiet and --progress exclude each other.") }
  }

  /// True when the progress line should be drawn: forced, or standard error is a terminal.
  var showsProgress: Bool {
    !quiet && (progress || isatty(STDERR_FILENO) == 1)
  }
}

import ArgumentParser
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--quiet` and `--progress`: whether long runs report on standard error.
struct ProgressOptions: ParsableArguments {
  @Flag(help: "Print nothing but errors.")
  var quiet = false

  @Flag(help: "Show the progress line even when standard error is not a terminal.")
  var progress = false

  func validate() throws {
    if quiet && progress { throw ValidationError("--quiet and --progress exclude each other.") }
  }

  /// True when the progress line should be drawn: forced, or standard error is a terminal.
  var showsProgress: Bool {
    !quiet && (progress || isatty(STDERR_FILENO) == 1)
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--quiet` and `--progress`: whether long runs report on standard error.
struct ProgressOptions {
  /// The rows of this group's argument table.
  enum Table {
    /// `--quiet`.
    static let quiet = ArgumentSpec.flag("quiet", help: "Print nothing but errors.")
    /// `--progress`.
    static let progress = ArgumentSpec.flag(
      "progress", help: "Show the progress line even when standard error is not a terminal.")
    /// Every row, in help order.
    static let all = [quiet, progress]
  }

  /// Print nothing but errors.
  var quiet: Bool
  /// Draw the progress line even when standard error is not a terminal.
  var progress: Bool

  /// Reads the group's flags; they exclude each other.
  init(parsed: ParsedArguments) throws(UsageError) {
    quiet = parsed.flag(Table.quiet)
    progress = parsed.flag(Table.progress)
    if quiet && progress { throw UsageError("--quiet and --progress exclude each other.") }
  }

  /// True when the progress line should be drawn: forced, or standard error is a terminal.
  var showsProgress: Bool {
    !quiet && (progress || isatty(STDERR_FILENO) == 1)
  }
}

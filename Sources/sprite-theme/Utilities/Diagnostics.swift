#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import ArgumentParser
import SpriteTheme

/// Messages for people on standard error, and facts about the terminal.
enum Diagnostics {
  /// Writes one line to standard error as is.
  static func write(_ line: String) {
    StandardStream.writeError(line.hasSuffix("\n") ? line : line + "\n")
  }

  /// Writes `sprite-theme: error: MESSAGE` to standard error.
  static func error(_ message: String) {
    write("sprite-theme: error: \(message)")
  }

  /// Reports a pipeline failure and returns the exit code it calls for (1, or 3 when fatal).
  static func report(_ failure: ThemePipeline.Error) -> ExitCode {
    error(failure.description)
    if case .writeFailed = failure { return .fatal }
    return .inputFailed
  }

  /// True when standard output is a terminal that may show colours (and `NO_COLOR` is not set).
  static var standardOutputIsColourTerminal: Bool {
    isatty(STDOUT_FILENO) == 1 && getenv("NO_COLOR") == nil
      && getenv("TERM").map { String(cString: $0) } != "dumb"
  }
}

/// Ignores SIGPIPE so a closed pipe (`sprite-theme … | head`) becomes a write error, not a crash.
func ignoreBrokenPipes() {
  signal(SIGPIPE, SIG_IGN)
}

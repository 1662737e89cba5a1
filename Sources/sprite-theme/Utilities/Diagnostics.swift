import ArgumentParser
import Foundation
import SpriteTheme

/// Messages for people on standard error, and facts about the terminal (the standard streams
/// themselves are written through ``StandardStream``, below).
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
    let environment = ProcessInfo.processInfo.environment
    return isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"] == nil
      && environment["TERM"] != "dumb"
  }
}

/// Ignores SIGPIPE so a closed pipe (`sprite-theme … | head`) becomes a write error, not a crash.
func ignoreBrokenPipes() {
  signal(SIGPIPE, SIG_IGN)
}

/// Unbuffered writes to standard output and standard error, for bytes (the theme JSON) and for
/// the progress display, which must appear at once. A closed pipe is not an error worth more
/// than the lost output (SIGPIPE is ignored, see ``ignoreBrokenPipes()``).
enum StandardStream {
  /// Writes all of `bytes` to standard output.
  static func writeOutput(_ bytes: [UInt8]) {
    try? FileHandle.standardOutput.write(contentsOf: bytes)
  }

  /// Writes all of `text` to standard error.
  static func writeError(_ text: String) {
    try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
  }
}

import ArgumentParser
import SpriteTheme

/// The shared frame of `batch` and `fetch`: a progress display, SIGINT and SIGTERM as
/// cancellation, the failure report and the SPEC exit code (0, 1 when an input failed, 3 fatal,
/// 130 interrupted).
enum OutputRun {
  /// Runs `body` with a progress display (when `options` ask for one; `body` feeds `reporter`)
  /// in a task that SIGINT and SIGTERM cancel (``Interruption``); a fatal error is reported and
  /// becomes exit 3.
  static func execute<Outcome: Sendable>(
    progress options: ProgressOptions,
    _ body:
      @escaping @Sendable (_ reporter: ProgressReporter) async throws(ThemeEngine.Fatal)
      -> Outcome
  ) async throws -> Outcome {
    let reporter = ProgressReporter(options)
    let result = await Interruption.cancellingOnSignals {
      () async -> Result<Outcome, ThemeEngine.Fatal> in
      do throws(ThemeEngine.Fatal) {
        return .success(try await body(reporter))
      } catch {
        return .failure(error)
      }
    }
    reporter.finish()
    switch result {
    case .success(let outcome):
      return outcome
    case .failure(let error):
      Diagnostics.error(error.description)
      throw ExitCode.fatal
    }
  }

  /// Prints one line per failure, then `interruption` (exit 130) or, unless quiet, `summary`;
  /// throws exit 1 when any input failed.
  static func finish(
    index: BatchIndex, interrupted: Bool, interruption: String, summary: String, quiet: Bool
  ) throws {
    for failure in index.errors {
      Diagnostics.error("\(failure.source): \(failure.message)")
    }
    if interrupted {
      Diagnostics.write("sprite-theme: \(interruption); run the same command again to finish.")
      throw ExitCode.interrupted
    }
    if !quiet { Diagnostics.write(summary) }
    if !index.errors.isEmpty { throw ExitCode.inputFailed }
  }
}

import ArgumentParser
import SpriteTheme

/// The shared frame of `batch` and `fetch`: a progress line, Ctrl-C handling, the failure report
/// and the SPEC exit code (0, 1 when an input failed, 3 fatal, 130 interrupted).
enum OutputRun {
  /// How SIGINT and SIGTERM reach the work while ``execute(progress:interrupts:_:)`` runs.
  enum Interrupts {
    /// They call this, on a thread of its own (``InterruptHandler``): for work that must be woken,
    /// such as transfers waiting on the network.
    case call(@Sendable () -> Void)
    /// They raise ``InterruptFlag``, which the work polls between items.
    case raiseFlag
  }

  /// Runs `body` with a progress line (when `options` ask for one; `body` feeds `reporter`) and
  /// SIGINT/SIGTERM handled as `interrupts` says; a fatal error is reported and becomes exit 3.
  static func execute<Outcome>(
    progress options: ProgressOptions, interrupts: Interrupts,
    _ body: (_ reporter: ProgressReporter) throws(ThemeEngine.Fatal) -> Outcome
  ) throws -> Outcome {
    let reporter = ProgressReporter(enabled: options.showsProgress, noun: "sprites")
    var handler: InterruptHandler?
    switch interrupts {
    case .call(let cancel): handler = InterruptHandler(onInterrupt: cancel)
    case .raiseFlag: InterruptFlag.install()
    }
    defer {
      if let handler { handler.restore() } else { InterruptFlag.restore() }
    }
    do {
      let outcome = try body(reporter)
      reporter.finish()
      return outcome
    } catch {
      reporter.finish()
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

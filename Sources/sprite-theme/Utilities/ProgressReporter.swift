import Foundation
import SpriteTheme
import SpriteThemeFetch
import Synchronization

/// The progress display on standard error: on a terminal one line redrawn in place at most ten
/// times a second (`[####------------] 120/480 sprites, 2 failed, 95/s, 0:03 left`); when forced
/// with `--progress` onto a file or pipe, one line a second. ``finish()`` clears a terminal's
/// line, so the command's summary is the one line left.
final class ProgressReporter: Sendable {
  /// What is drawn, and when it was last drawn.
  private struct State {
    /// When the line was last drawn; nil before the first time.
    var lastDraw: ContinuousClock.Instant?
    /// Whether a line is on screen that ``finish()`` must end.
    var drawn = false
    /// The newest line, not drawn yet when it came too soon after the last one.
    var pending: String?
    /// The export format whose files are being written, and since when.
    var phase: (name: String, start: ContinuousClock.Instant)?
    /// The most progress any fetch update so far has shown (see
    /// ``update(fetch:analysing:expected:)``).
    var newestFetch = 0
  }

  private let enabled: Bool
  private let terminal: Bool
  private let start = ContinuousClock.now
  private let state = Mutex(State())

  /// A reporter per `options`: drawing when they ask for progress, in place on a terminal.
  convenience init(_ options: ProgressOptions) {
    self.init(enabled: options.showsProgress, terminal: isatty(STDERR_FILENO) == 1)
  }

  /// A reporter that draws nothing unless `enabled`, and redraws in place on a `terminal`.
  init(enabled: Bool, terminal: Bool) {
    self.enabled = enabled
    self.terminal = terminal
  }

  /// Records `batch`'s counts.
  func update(done: Int, failed: Int, total: Int) {
    guard enabled else { return }
    let elapsed = ContinuousClock.now - start
    show(
      Self.batchLine(done: done, failed: failed, total: total, elapsed: elapsed),
      final: done == total)
  }

  /// Records a fetch's counts. With the number of entries `expected` (a URL list's length, a
  /// crawl's `--limit`) the line is a bar: `[####------------] 120/480, 20 cached, 2 failed,
  /// 95/s, 0:03 left`; without it (a crawl of everything) the counts as they come:
  /// `12 listed, 9 downloaded, 1 cached, 8 analysed, 0 failed, 35/s`, without the analysed count
  /// when `analysing` is false.
  func update(fetch counts: ThemeFetch.Progress, analysing: Bool, expected: Int?) {
    guard enabled else { return }
    // Counts come from several threads; one computed earlier may arrive later. Keep the newest.
    let progressMade =
      counts.listed + counts.downloaded + counts.cached + counts.failed
      + counts.analysed
    let newest = state.withLock { state in
      guard progressMade >= state.newestFetch else { return false }
      state.newestFetch = progressMade
      return true
    }
    guard newest else { return }
    let elapsed = ContinuousClock.now - start
    if let expected {
      // An entry is finished when it is written (analysed, or downloaded when only
      // downloading), skipped or failed.
      let written = analysing ? counts.analysed : counts.downloaded + counts.cached
      let done = written + counts.skipped + counts.failed
      let total = max(expected, counts.listed, done)
      show(
        Self.barLine(
          done: done, total: total, unit: nil,
          details: "\(counts.cached) cached, \(counts.failed) failed", elapsed: elapsed),
        final: false)
      return
    }
    let finished = counts.downloaded + counts.cached + counts.failed
    var line = "\(counts.listed) listed, \(counts.downloaded) downloaded, \(counts.cached) cached, "
    if analysing { line += "\(counts.analysed) analysed, " }
    line += "\(counts.failed) failed, \(Self.rate(finished, in: elapsed))/s"
    show(line, final: false)
  }

  /// Records an export's files of one format: `[####------------] 1200/4800 files (ios), ...`.
  /// The rate and time left are those of the format's own files.
  func update(files done: Int, total: Int, of format: String) {
    guard enabled else { return }
    let now = ContinuousClock.now
    let since = state.withLock { state in
      if state.phase?.name != format { state.phase = (format, now) }
      return state.phase!.start
    }
    show(
      Self.barLine(done: done, total: total, unit: "files", details: format, elapsed: now - since),
      final: done == total)
  }

  /// Draws the last counts if they were held back, and clears a terminal's line.
  func finish() {
    guard enabled else { return }
    state.withLock { state in
      if let pending = state.pending { draw(pending, in: &state) }
      if state.drawn && terminal { StandardStream.writeError("\r\u{1B}[K") }
      state.drawn = false
    }
  }

  /// Draws `line` now if a redraw is due (or it is the `final` state), else keeps it for later.
  private func show(_ line: String, final: Bool) {
    let interval: Duration = terminal ? .milliseconds(100) : .seconds(1)
    state.withLock { state in
      let now = ContinuousClock.now
      if final || state.lastDraw.map({ now - $0 >= interval }) ?? true {
        state.lastDraw = now
        draw(line, in: &state)
      } else {
        state.pending = line
      }
    }
  }

  /// Writes `line`: over the previous one on a terminal, as a line of its own elsewhere.
  private func draw(_ line: String, in state: inout State) {
    state.pending = nil
    state.drawn = true
    StandardStream.writeError(terminal ? "\r\(line)\u{1B}[K" : line + "\n")
  }

  /// `[####------------] 120/480 sprites, 2 failed, 95/s, 0:03 left`.
  static func batchLine(done: Int, failed: Int, total: Int, elapsed: Duration) -> String {
    barLine(
      done: done, total: total, unit: "sprites", details: "\(failed) failed", elapsed: elapsed)
  }

  /// `[####------------] 120/480 UNIT, DETAILS, 95/s, 0:03 left` (no unit when `unit` is nil).
  static func barLine(
    done: Int, total: Int, unit: String?, details: String, elapsed: Duration
  ) -> String {
    let width = 16
    let filled = total > 0 ? width * min(done, total) / total : width
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    let perSecond = Double(done) / max(seconds(elapsed), 1e-9)
    let left = perSecond > 0 ? Double(max(total - done, 0)) / perSecond : 0
    return "[\(bar)] \(done)/\(total)\(unit.map { " " + $0 } ?? ""), \(details), "
      + "\(rate(done, in: elapsed))/s, \(clock(left)) left"
  }

  /// Items per second, rounded.
  static func rate(_ count: Int, in elapsed: Duration) -> Int {
    let time = seconds(elapsed)
    return time > 0 ? Int((Double(count) / time).rounded()) : 0
  }

  /// A duration in seconds, with a fraction.
  static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  /// `m:ss` (or `h:mm:ss`) for a number of seconds.
  static func clock(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    let (h, m, s) = (total / 3600, (total / 60) % 60, total % 60)
    let ss = s < 10 ? "0\(s)" : "\(s)"
    guard h > 0 else { return "\(m):\(ss)" }
    return "\(h):\(m < 10 ? "0\(m)" : "\(m)"):\(ss)"
  }
}

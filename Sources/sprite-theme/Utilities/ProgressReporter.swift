import Foundation
import SpriteThemeFetch

/// The one-line progress display on standard error: counts, rate and time left, redrawn at
/// most ten times a second.
final class ProgressReporter: @unchecked Sendable {
  private let enabled: Bool
  private let noun: String
  private let start = MonotonicInstant.now
  private let lock = NSLock()
  /// When the line was last drawn; nil before the first time.
  private var lastDraw: MonotonicInstant?
  private var drewSomething = false
  /// Fetch counts not drawn yet (they came within a tenth of a second of the last redraw).
  private var pendingFetch: (counts: ThemeFetch.Progress, analysing: Bool)?
  /// The most progress any fetch update so far has shown (see ``update(fetch:analysing:)``).
  private var newestFetch = 0

  /// Creates a reporter; a disabled one draws nothing.
  init(enabled: Bool, noun: String) {
    self.enabled = enabled
    self.noun = noun
  }

  /// Records new counts, redrawing the line when enough time has passed or the work is done.
  func update(done: Int, failed: Int, total: Int) {
    guard enabled else { return }
    lock.lock()
    defer { lock.unlock() }
    let now = MonotonicInstant.now
    guard done == total || isRedrawDue(at: now) else { return }
    lastDraw = now
    drewSomething = true
    let elapsed = Self.seconds(now - start)
    let rate = elapsed > 0 ? Double(done) / elapsed : 0
    let left = rate > 0 ? Double(total - done) / rate : 0
    let percent = total > 0 ? 100 * done / total : 100
    let line =
      "\r\(done)/\(total) \(noun) (\(percent)%), \(failed) failed, "
      + "\(Int(rate.rounded()))/s, \(Self.clock(left)) left "
    StandardStream.writeError(line)
  }

  /// Records a fetch's counts (their total is not known ahead: a crawl lists as it goes),
  /// redrawing at most ten times a second: `12 listed, 9 downloaded, 1 cached, 8 analysed,
  /// 0 failed, 35/s`, without the analysed count when `analysing` is false. Counts that arrive
  /// between redraws are drawn by ``finish()`` if nothing newer came.
  func update(fetch counts: ThemeFetch.Progress, analysing: Bool) {
    guard enabled else { return }
    lock.lock()
    defer { lock.unlock() }
    // Counts come from several threads; one computed earlier may arrive later. Keep the newest.
    let progressMade = counts.listed + counts.downloaded + counts.cached + counts.failed
    guard progressMade >= newestFetch else { return }
    newestFetch = progressMade
    let now = MonotonicInstant.now
    guard isRedrawDue(at: now) else {
      pendingFetch = (counts, analysing)
      return
    }
    drawFetch(counts, analysing: analysing, at: now)
  }

  /// Draws a fetch's counts; call with the lock held.
  private func drawFetch(
    _ counts: ThemeFetch.Progress, analysing: Bool, at now: MonotonicInstant
  ) {
    lastDraw = now
    drewSomething = true
    pendingFetch = nil
    let finished = counts.downloaded + counts.cached + counts.failed
    let elapsed = Self.seconds(now - start)
    let rate = elapsed > 0 ? Double(finished) / elapsed : 0
    var line =
      "\r\(counts.listed) listed, \(counts.downloaded) downloaded, \(counts.cached) cached, "
    if analysing { line += "\(counts.analysed) analysed, " }
    line += "\(counts.failed) failed, \(Int(rate.rounded()))/s "
    StandardStream.writeError(line)
  }

  /// True when a tenth of a second has passed since the last redraw (or nothing was drawn yet).
  private func isRedrawDue(at now: MonotonicInstant) -> Bool {
    guard let lastDraw else { return true }
    return now - lastDraw >= .milliseconds(100)
  }

  /// A duration in seconds, with a fraction.
  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  /// Ends the progress line so later messages start on a fresh line.
  func finish() {
    guard enabled else { return }
    lock.lock()
    defer { lock.unlock() }
    if let (counts, analysing) = pendingFetch {
      drawFetch(counts, analysing: analysing, at: MonotonicInstant.now)
    }
    if drewSomething { StandardStream.writeError("\n") }
    drewSomething = false
  }

  /// `n` with a leading zero below 10 (`7` is `07`).
  static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

  /// `m:ss` (or `h:mm:ss`) for a number of seconds.
  static func clock(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    let (h, m, s) = (total / 3600, (total / 60) % 60, total % 60)
    let mmss = twoDigits(m) + ":" + twoDigits(s)
    return h > 0 ? "\(h):\(mmss)" : "\(m):" + twoDigits(s)
  }
}

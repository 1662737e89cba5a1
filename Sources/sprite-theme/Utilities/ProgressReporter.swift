#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SpriteFetch

/// The one-line progress display on standard error: counts, rate and time left, redrawn at
/// most ten times a second.
final class ProgressReporter: @unchecked Sendable {
  private let enabled: Bool
  private let noun: String
  private let start = Date()
  private let lock = ThreadLock()
  private var lastDraw = Date.distantPast
  private var drewSomething = false

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
    let now = Date()
    guard done == total || now.timeIntervalSince(lastDraw) >= 0.1 else { return }
    lastDraw = now
    drewSomething = true
    let elapsed = now.timeIntervalSince(start)
    let rate = elapsed > 0 ? Double(done) / elapsed : 0
    let left = rate > 0 ? Double(total - done) / rate : 0
    let percent = total > 0 ? 100 * done / total : 100
    let line =
      "\r\(done)/\(total) \(noun) (\(percent)%), \(failed) failed, "
      + "\(Int(rate.rounded()))/s, \(Self.clock(left)) left "
    StandardStream.writeError(line)
  }

  /// Ends the progress line so later messages start on a fresh line.
  func finish() {
    guard enabled else { return }
    lock.lock()
    defer { lock.unlock() }
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

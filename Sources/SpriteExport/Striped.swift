import Dispatch
import Foundation
import Synchronization

/// Runs independent pieces of work on every core: index `i` of `count` goes to stripe
/// `i % stripes`, one stripe per core (`DispatchQueue.concurrentPerform`), and the results come
/// back in index order, so the outcome is the same as a loop's.
enum Striped {
  /// `body(i)` for every `i` in `0..<count`, in parallel; the results in index order.
  static func map<Result: Sendable>(
    _ count: Int, _ body: @Sendable (Int) -> Result
  ) -> [Result] {
    let stripes = max(1, min(count, ProcessInfo.processInfo.activeProcessorCount))
    let results = Mutex([Result?](repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: stripes) { stripe in
      var mine = [(Int, Result)]()
      for i in stride(from: stripe, to: count, by: stripes) { mine.append((i, body(i))) }
      results.withLock { all in
        for (i, result) in mine { all[i] = result }
      }
    }
    return results.withLock { $0.map { $0! } }
  }
}

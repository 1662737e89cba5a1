import SpriteFetch

/// Runs jobs (file writes) in submission order on a thread of its own, started by the first job,
/// so that the thread that submits them goes straight back to its own work.
///
/// `fetch --download-only` hands each sprite's write to it: the transfer thread, which every
/// download waits on, then no longer spends the file system's time (creating, writing and
/// linking a file was a sixth of that thread's time per sprite), and the other core does it.
/// The queue is bounded by bytes: a job that would pass the bound is refused and the caller
/// runs it itself, so a slow disk slows the downloads instead of filling memory.
final class WriteBehind: @unchecked Sendable {
  private let condition = ThreadCondition()
  private let maxPendingBytes: Int
  private let name: String
  // Guarded by `condition`.
  private var queue: [(bytes: Int, job: @Sendable () -> Void)] = []
  private var pendingBytes = 0
  private var started = false
  private var running = false
  private var threadWaits = false
  private var stopping = false

  /// A writer holding at most `maxPendingBytes` of queued jobs (one job is always accepted);
  /// its thread, named `name`, starts with the first job.
  init(maxPendingBytes: Int, name: String) {
    self.maxPendingBytes = maxPendingBytes
    self.name = name
  }

  /// Queues `job`, which writes `bytes` bytes, and returns true; returns false, with nothing
  /// queued, when the queue is full, the writer was shut down or its thread cannot start: the
  /// caller then runs `job` itself.
  func submit(bytes: Int, _ job: @escaping @Sendable () -> Void) -> Bool {
    let (accepted, start) = condition.withLock { () -> (Bool, Bool) in
      guard !stopping, pendingBytes == 0 || pendingBytes + bytes <= maxPendingBytes else {
        return (false, false)
      }
      queue.append((bytes, job))
      pendingBytes += bytes
      if threadWaits { condition.broadcast() }
      defer { started = true }
      return (true, !started)
    }
    if start && !DetachedThread.start(name: name, { [self] in work() }) {
      // No thread: run what was queued here, and every later job too.
      condition.withLock { stopping = true }
      runQueued()
    }
    return accepted
  }

  /// Waits until every job queued so far has run.
  func drain() {
    condition.withLock {
      while !queue.isEmpty || running { condition.wait() }
    }
  }

  /// Refuses later jobs and lets the thread exit once the queue is empty.
  func shutdown() {
    condition.withLock {
      stopping = true
      condition.broadcast()
    }
  }

  /// The thread: runs the queue in batches until shut down and empty.
  private func work() {
    while runQueued(waiting: true) {}
  }

  /// Takes every queued job, runs them in order and wakes ``drain()``; with `waiting`, first
  /// waits for a job. Returns false when there was nothing to run.
  @discardableResult
  private func runQueued(waiting: Bool = false) -> Bool {
    let batch = condition.withLock { () -> [(bytes: Int, job: @Sendable () -> Void)] in
      while waiting && queue.isEmpty && !stopping {
        threadWaits = true
        condition.wait()
        threadWaits = false
      }
      defer { queue.removeAll(keepingCapacity: true) }
      running = !queue.isEmpty
      return queue
    }
    guard !batch.isEmpty else { return false }
    for item in batch { item.job() }
    condition.withLock {
      pendingBytes -= batch.reduce(0) { $0 + $1.bytes }
      running = false
      if queue.isEmpty { condition.broadcast() }
    }
    return true
  }
}

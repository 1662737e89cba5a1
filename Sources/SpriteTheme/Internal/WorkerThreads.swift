import SpriteFetch

/// A fixed set of dedicated threads running blocking work (sprite analysis) off the transfer
/// thread, so downloads never wait for it.
///
/// Work runs in submission order; ``shutdown()`` lets the threads finish the queue and exit.
final class WorkerThreads: @unchecked Sendable {
  private let condition = ThreadCondition()
  // Guarded by `condition`.
  private var queue: [@Sendable () -> Void] = []
  private var head = 0
  private var stopping = false

  /// Starts `count` threads (at least one) with 4 MiB stacks, like ``ThemeBatch``'s workers.
  init(count: Int, name: String) {
    for index in 0..<max(1, count) {
      let started = DetachedThread.start(name: "\(name).\(index)", stackSize: 1 << 22) {
        [self] in work()
      }
      precondition(started, "cannot start an analysis thread")
    }
  }

  /// Lets the threads exit once the queue is empty.
  func shutdown() {
    condition.withLock {
      stopping = true
      condition.broadcast()
    }
  }

  /// Queues `job` to run on one of the threads.
  func submit(_ job: @escaping @Sendable () -> Void) {
    condition.withLock {
      queue.append(job)
      condition.signal()
    }
  }

  private func work() {
    while let job = next() { job() }
  }

  /// The next job, waiting for one; nil once shut down and drained.
  private func next() -> (@Sendable () -> Void)? {
    condition.withLock {
      while head == queue.count && !stopping { condition.wait() }
      guard head < queue.count else { return nil }
      let job = queue[head]
      head += 1
      if head == queue.count {
        queue.removeAll(keepingCapacity: true)
        head = 0
      }
      return job
    }
  }
}

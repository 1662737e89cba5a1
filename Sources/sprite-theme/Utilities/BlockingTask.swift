import Dispatch
import Synchronization

/// Runs asynchronous work from a synchronous command and waits for it; ``cancel()`` (from any
/// thread, e.g. the interrupt handler's) cancels the task.
final class BlockingTask<Success: Sendable>: Sendable {
  /// The task once started, and whether it was cancelled, perhaps before it started.
  private let state = Mutex<(task: Task<Void, Never>?, cancelled: Bool)>((nil, false))

  /// Creates a task that has not started.
  init() {}

  /// Cancels the task, now or as soon as it starts.
  func cancel() {
    let task = state.withLock { state in
      state.cancelled = true
      return state.task
    }
    task?.cancel()
  }

  /// Runs `body` in a new task and blocks the calling thread until it returns.
  func run(_ body: @escaping @Sendable () async -> Success) -> Success {
    let finished = DispatchSemaphore(value: 0)
    let result = Mutex<Success?>(nil)
    let task = Task {
      let value = await body()
      result.withLock { $0 = value }
      finished.signal()
    }
    let cancelled = state.withLock { state in
      state.task = task
      return state.cancelled
    }
    if cancelled { task.cancel() }
    finished.wait()
    return result.withLock { $0! }
  }
}

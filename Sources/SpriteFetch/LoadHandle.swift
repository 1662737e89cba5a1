/// A load started with ``DataLoading/load(_:completion:)``: ``cancel()`` ends it soon, and its
/// completion then reports `FetchError.cancelled` (unless the load had already finished).
///
/// ```swift
/// let handle = loader.load(request) { result in print(result) }
/// handle.cancel()  // e.g. on Ctrl-C
/// ```
public final class LoadHandle: @unchecked Sendable {
  private let lock = ThreadLock()
  // Guarded by `lock`.
  private var cancelled = false
  private var action: (@Sendable () -> Void)?

  /// Creates a handle; a loader tells it how to stop the work in progress with
  /// ``whenCancelled(_:)``.
  public init() {}

  /// True once ``cancel()`` was called.
  public var isCancelled: Bool { lock.withLock { cancelled } }

  /// Stops the load: runs the action its loader registered last, if any. Safe from any thread;
  /// later calls do nothing.
  public func cancel() {
    lock.withLock {
      guard !cancelled else { return }
      cancelled = true
      action?()
      action = nil
    }
  }

  /// Makes `action` what ``cancel()`` runs, replacing the previous one; runs it at once if the
  /// handle is already cancelled. The action runs under the handle's lock, so a loader that
  /// clears it with ``clearAction()`` before reusing a resource never sees it run late.
  public func whenCancelled(_ action: @escaping @Sendable () -> Void) {
    lock.withLock {
      if cancelled {
        action()
      } else {
        self.action = action
      }
    }
  }

  /// Forgets the registered action (the work it would stop has ended).
  public func clearAction() {
    lock.withLock { action = nil }
  }
}

import CSpriteCurl

/// Runs transfers on one libcurl multi handle driven by one long-lived thread, as curl's own
/// `--parallel` does.
///
/// At most `limit` transfers run at once; later ones wait in submission order. Every transfer
/// shares the multi's connection and DNS caches. The thread starts with the first transfer and
/// stops on ``shutdown()``. A finished transfer calls the completion given to
/// ``submit(_:completion:)`` on the engine thread, which reads the results off the transfer.
final class TransferEngine: @unchecked Sendable {
  /// A submitted transfer and what to call when it ends (finished, failed or cancelled).
  private struct Job {
    let transfer: CurlTransfer
    let completion: @Sendable () -> Void
  }

  private let limit: Int
  private let lock = ThreadLock()
  // Guarded by `lock`.
  private var incoming: [Job] = []
  private var started = false
  private var stopping = false
  private var cancelRequested = false
  /// True while the engine thread waits with room for another transfer: a submission must wake it.
  private var wantsWork = false
  /// The multi handle, made by the first transfer (so that making an engine never waits for
  /// libcurl to load); nil until then, or when libcurl is unavailable.
  private var multi: OpaquePointer?
  private var multiMade = false
  // Owned by the engine thread.
  private var waiting: [Job] = []
  private var waitingHead = 0
  private var active: [OpaquePointer: Job] = [:]

  /// Creates an engine running at most `limit` transfers at once.
  init(limit: Int) {
    self.limit = max(1, limit)
  }

  deinit { CSpriteCurl_multi_free(multi) }

  /// The multi handle, made on first use; nil when libcurl is unavailable.
  private func multiHandle() -> OpaquePointer? {
    lock.withLock {
      if !multiMade {
        multiMade = true
        multi = CurlGlobal.isInitialized ? CSpriteCurl_multi_new(Int(max(4, 2 * limit))) : nil
      }
      return multi
    }
  }

  /// Starts a prepared transfer and returns at once; `completion` runs on the engine thread when
  /// it has ended (read the outcome from the transfer), or at once on this thread when the engine
  /// is shutting down. False, with no call, when no multi handle exists.
  func submit(_ transfer: CurlTransfer, completion: @escaping @Sendable () -> Void) -> Bool {
    guard multiHandle() != nil else { return false }
    let (startThread, wakeThread, refused) = lock.withLock {
      if stopping { return (false, false, true) }
      incoming.append(Job(transfer: transfer, completion: completion))
      defer {
        started = true
        wantsWork = false
      }
      return (!started, wantsWork, false)
    }
    if refused {
      transfer.abort()
      completion()
    } else if startThread {
      start()
    } else if wakeThread {
      wake()
    }
    return true
  }

  /// Stops a submitted transfer soon; it then ends as cancelled. Safe from any thread.
  func cancel(_ transfer: CurlTransfer) {
    transfer.cancel()
    lock.withLock { cancelRequested = true }
    wake()
  }

  /// Stops the engine thread once the transfers submitted so far are done; later ones finish at
  /// once as cancelled.
  func shutdown() {
    lock.withLock { stopping = true }
    wake()
  }

  /// Interrupts the engine thread's wait; safe from any thread.
  private func wake() {
    if let multi = lock.withLock({ multi }) { CSpriteCurl_multi_wakeup(multi) }
  }

  /// Starts the engine thread, which keeps the engine alive until it stops.
  private func start() {
    let started = DetachedThread.start(name: "SpriteFetch.curl-multi") { [self] in loop() }
    precondition(started, "cannot start the transfer thread")
  }

  /// The engine thread: admit, cancel, perform, complete, wait; until shut down and idle.
  private func loop() {
    guard let multi = lock.withLock({ multi }) else { return }
    while true {
      let (arrived, stop, cancel) = lock.withLock {
        defer {
          incoming.removeAll(keepingCapacity: true)
          cancelRequested = false
        }
        return (incoming, stopping, cancelRequested)
      }
      waiting.append(contentsOf: arrived)
      if cancel { reapCancelled(multi) }
      admit(multi)
      if stop && active.isEmpty && waitingHead == waiting.count { break }
      if !active.isEmpty {
        _ = CSpriteCurl_multi_perform(multi)
        while let done = CSpriteCurl_multi_next_done(multi) {
          active.removeValue(forKey: done)?.completion()
        }
        admit(multi)
      }
      if readyToWait() {
        CSpriteCurl_multi_wait(multi, active.isEmpty ? 60_000 : 1000, active.isEmpty)
      }
    }
  }

  /// True when no submission waits to be picked up; then records whether a new one should wake
  /// the engine (only when it could start it: fewer than `limit` running and none queued).
  private func readyToWait() -> Bool {
    let canStartMore = active.count < limit && waitingHead == waiting.count
    return lock.withLock {
      guard incoming.isEmpty else { return false }
      wantsWork = canStartMore
      return true
    }
  }

  /// Adds waiting transfers to the multi while fewer than `limit` run.
  private func admit(_ multi: OpaquePointer) {
    while active.count < limit, waitingHead < waiting.count {
      let job = waiting[waitingHead]
      waitingHead += 1
      if job.transfer.isCancelled || !job.transfer.add(to: multi) {
        job.transfer.abort()
        job.completion()
        continue
      }
      active[job.transfer.handle] = job
    }
    if waitingHead == waiting.count {
      waiting.removeAll(keepingCapacity: true)
      waitingHead = 0
    }
  }

  /// Finishes every cancelled transfer, running or waiting, as cancelled.
  private func reapCancelled(_ multi: OpaquePointer) {
    for (handle, job) in active where job.transfer.isCancelled {
      job.transfer.remove(from: multi)
      job.transfer.abort()
      active.removeValue(forKey: handle)
      job.completion()
    }
    var kept: [Job] = []
    for job in waiting[waitingHead...] {
      if job.transfer.isCancelled {
        job.transfer.abort()
        job.completion()
      } else {
        kept.append(job)
      }
    }
    waiting = kept
    waitingHead = 0
  }
}

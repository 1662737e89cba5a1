import CSpriteCurl
import Foundation
import Synchronization

/// One libcurl multi handle driven by one thread, as curl's own `--parallel` does: transfers are
/// added with ``perform(_:)``, which suspends the calling task until the transfer has ended and
/// is resumed from the multi thread through a checked continuation.
///
/// At most `limit` transfers run at once; later ones wait in arrival order. Every transfer shares
/// the multi's connection and DNS caches, so later transfers to a host reuse open connections.
/// New transfers and cancellations reach the thread through a `Mutex` and `curl_multi_wakeup`.
/// The thread starts with the first transfer and ends after ``shutdown()`` once idle.
///
/// `@unchecked Sendable`: the multi handle is used by the multi thread only, except for
/// `curl_multi_wakeup`, which libcurl documents as safe from any thread; everything else shared
/// is in the `Mutex` or an `Atomic`.
final class CurlMulti: @unchecked Sendable {
  /// A transfer waiting to start or running, and the task waiting for it.
  private struct Job {
    let id: UInt64
    let transfer: CurlTransfer
    let continuation: CheckedContinuation<Void, Never>
  }

  /// What other threads hand to the multi thread.
  private struct Inbox {
    var jobs: [Job] = []
    var cancels: [UInt64] = []
    var started = false
    var stopping = false
  }

  private let multi: OpaquePointer
  private let limit: Int
  private let inbox = Mutex(Inbox())
  private let nextID = Atomic<UInt64>(0)

  /// Creates a multi running at most `limit` transfers at once, or nil when libcurl is not
  /// available.
  init?(limit: Int) {
    guard CurlGlobal.isInitialized, let multi = CSpriteCurl_multi_new(max(4, 2 * limit)) else {
      return nil
    }
    self.multi = multi
    self.limit = max(1, limit)
  }

  deinit { CSpriteCurl_multi_free(multi) }

  /// Runs a prepared transfer and returns when it has ended; read its outcome from the transfer.
  /// Cancelling the calling task takes the transfer off the multi at once (its outcome is then
  /// `cancelled`).
  func perform(_ transfer: CurlTransfer) async {
    let id = nextID.add(1, ordering: .relaxed).newValue
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        // Checked under the lock: a cancel that comes later finds the job in the inbox.
        let (accepted, startThread) = inbox.withLock { inbox -> (Bool, Bool) in
          if Task.isCancelled || inbox.stopping { return (false, false) }
          inbox.jobs.append(Job(id: id, transfer: transfer, continuation: continuation))
          defer { inbox.started = true }
          return (true, !inbox.started)
        }
        if !accepted {
          transfer.abort()
          continuation.resume()
        } else if startThread {
          let thread = Thread { [self] in run() }
          thread.name = "SpriteFetch.curl-multi"
          thread.start()
        } else {
          CSpriteCurl_multi_wakeup(multi)
        }
      }
    } onCancel: {
      inbox.withLock { $0.cancels.append(id) }
      CSpriteCurl_multi_wakeup(multi)
    }
  }

  /// Lets the thread end once the transfers added so far are done; later ones end as cancelled.
  func shutdown() {
    inbox.withLock { $0.stopping = true }
    CSpriteCurl_multi_wakeup(multi)
  }

  /// The multi thread: takes new jobs and cancels, starts waiting jobs, moves transfers on,
  /// resumes the finished ones, and sleeps in `curl_multi_poll` until there is more to do.
  private func run() {
    var waiting: [Job] = []
    var waitingHead = 0
    var active: [OpaquePointer: Job] = [:]
    while true {
      let (arrived, cancels, stopping) = inbox.withLock { inbox in
        defer {
          inbox.jobs.removeAll(keepingCapacity: true)
          inbox.cancels.removeAll(keepingCapacity: true)
        }
        return (inbox.jobs, inbox.cancels, inbox.stopping)
      }
      waiting.append(contentsOf: arrived)
      if !cancels.isEmpty {
        let ids = Set(cancels)
        for (handle, job) in active where ids.contains(job.id) {
          job.transfer.remove(from: multi)
          job.transfer.abort()
          active[handle] = nil
          job.continuation.resume()
        }
        var kept: [Job] = []
        for job in waiting[waitingHead...] {
          if ids.contains(job.id) {
            job.transfer.abort()
            job.continuation.resume()
          } else {
            kept.append(job)
          }
        }
        waiting = kept
        waitingHead = 0
      }
      while active.count < limit, waitingHead < waiting.count {
        let job = waiting[waitingHead]
        waitingHead += 1
        if job.transfer.add(to: multi) {
          active[job.transfer.handle] = job
        } else {
          job.transfer.abort()
          job.continuation.resume()
        }
      }
      if waitingHead == waiting.count {
        waiting.removeAll(keepingCapacity: true)
        waitingHead = 0
      }
      if stopping && active.isEmpty && waiting.isEmpty { break }
      if !active.isEmpty {
        _ = CSpriteCurl_multi_perform(multi)
        while let done = CSpriteCurl_multi_next_done(multi) {
          active.removeValue(forKey: done)?.continuation.resume()
        }
        // Finished transfers make room: start waiting ones before sleeping.
        if active.count < limit && waitingHead < waiting.count { continue }
      }
      let idle = inbox.withLock { $0.jobs.isEmpty && $0.cancels.isEmpty }
      if idle {
        CSpriteCurl_multi_wait(multi, active.isEmpty ? 60_000 : 1000, active.isEmpty)
      }
    }
  }
}

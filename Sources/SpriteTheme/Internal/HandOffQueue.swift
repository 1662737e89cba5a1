/// A bounded queue from one producing task to a fixed set of worker tasks, so that a run needs no
/// new task per item and no hop back to the producer per finished item.
///
/// The producer parks only when `capacity` items wait, and is woken once they drop to half that;
/// a worker parks only when the queue is empty. After ``close()`` workers drain what is queued,
/// then get nil.
final class HandOffQueue<Item: Sendable>: Sendable {
  /// The queue's state behind its lock.
  private struct State {
    var items = [Item?]()
    var head = 0
    var closed = false
    var workers = [UnsafeContinuation<Item?, Never>]()
    var producer: UnsafeContinuation<Void, Never>?
    var count: Int { items.count - head }

    /// Takes the oldest item, compacting the storage now and then.
    mutating func pop() -> Item? {
      guard head < items.count else { return nil }
      let item = items[head]
      items[head] = nil
      head += 1
      if head >= 64, head * 2 >= items.count {
        items.removeFirst(head)
        head = 0
      }
      return item
    }
  }

  private let state = Locked(State())
  private let capacity: Int

  /// Creates a queue that holds at most `capacity` (at least 2) items before the producer waits.
  init(capacity: Int) {
    self.capacity = max(2, capacity)
  }

  /// Hands `item` to a waiting worker or queues it; waits while the queue is full.
  func push(_ item: Item) async {
    let (worker, full) = state.withLock { state -> (UnsafeContinuation<Item?, Never>?, Bool) in
      if !state.workers.isEmpty { return (state.workers.removeFirst(), false) }
      state.items.append(item)
      return (nil, state.count >= capacity)
    }
    if let worker {
      worker.resume(returning: item)
      return
    }
    guard full else { return }
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      let resumeNow = state.withLock { state -> Bool in
        guard state.count >= capacity else { return true }
        state.producer = continuation
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  /// The next item, waiting while the queue is empty; nil once it is closed and drained.
  func next() async -> Item? {
    if let ready = take() { return ready.item }
    return await withUnsafeContinuation { (continuation: UnsafeContinuation<Item?, Never>) in
      let ready = state.withLock { state -> Taken? in
        if let taken = Self.take(&state, capacity: capacity) { return taken }
        state.workers.append(continuation)
        return nil
      }
      guard let ready else { return }
      ready.producer?.resume()
      continuation.resume(returning: ready.item)
    }
  }

  /// Ends the queue: waiting workers get nil, the others once the queue is drained.
  func close() {
    let workers = state.withLock { state -> [UnsafeContinuation<Item?, Never>] in
      state.closed = true
      defer { state.workers.removeAll() }
      return state.workers
    }
    for worker in workers { worker.resume(returning: nil) }
  }

  /// An item (nil: the queue is closed and empty) and the producer to wake, if any.
  private struct Taken {
    var item: Item?
    var producer: UnsafeContinuation<Void, Never>?
  }

  /// Takes an item without waiting; nil when the queue is empty but open.
  private func take() -> Taken? {
    let taken = state.withLock { Self.take(&$0, capacity: capacity) }
    taken?.producer?.resume()
    return taken
  }

  /// Takes an item from `state`, releasing the producer once at most half of `capacity` waits.
  private static func take(_ state: inout State, capacity: Int) -> Taken? {
    if let item = state.pop() {
      var producer: UnsafeContinuation<Void, Never>?
      if state.count <= capacity / 2 {
        producer = state.producer
        state.producer = nil
      }
      return Taken(item: item, producer: producer)
    }
    return state.closed ? Taken(item: nil, producer: nil) : nil
  }
}

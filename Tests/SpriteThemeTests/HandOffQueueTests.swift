import Testing

@testable import SpriteTheme

/// The queue that feeds `fetch --download-only`'s worker tasks.
@Suite("HandOffQueue")
struct HandOffQueueTests {
  @Test("every item reaches exactly one worker, in order per worker, and workers end after close")
  func deliversEveryItemOnce() async {
    let queue = HandOffQueue<Int>(capacity: 3)
    let count = 2_000
    let seen = await withTaskGroup(of: [Int].self) { group in
      for _ in 0..<5 {
        group.addTask {
          var mine = [Int]()
          while let item = await queue.next() {
            mine.append(item)
            if item % 7 == 0 { await Task.yield() }
          }
          return mine
        }
      }
      for item in 0..<count { await queue.push(item) }
      queue.close()
      var all = [[Int]]()
      for await mine in group { all.append(mine) }
      return all
    }
    for mine in seen { #expect(mine == mine.sorted()) }
    #expect(seen.flatMap { $0 }.sorted() == Array(0..<count))
  }

  @Test("items queued before close are still handed out; then nil")
  func drainsAfterClose() async {
    let queue = HandOffQueue<String>(capacity: 8)
    await queue.push("a")
    await queue.push("b")
    queue.close()
    #expect(await queue.next() == "a")
    #expect(await queue.next() == "b")
    #expect(await queue.next() == nil)
    #expect(await queue.next() == nil)
  }
}

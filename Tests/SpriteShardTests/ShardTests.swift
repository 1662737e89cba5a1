import Testing

@testable import SpriteShard

@Suite("FNV-1a 64 and shards")
struct ShardTests {
  @Test("FNV-1a 64 test vectors from the FNV reference (draft-eastlake-fnv, test suite)")
  func vectors() {
    // The reference code's test vectors: "" is the offset basis itself.
    #expect(FNV1a64.hash("") == 0xcbf2_9ce4_8422_2325)
    #expect(FNV1a64.hash("a") == 0xaf63_dc4c_8601_ec8c)
    #expect(FNV1a64.hash("foobar") == 0x8594_4171_f739_67e8)
    #expect(FNV1a64.hash([UInt8]([0xff])) == (FNV1a64.offsetBasis ^ 0xff) &* FNV1a64.prime)
  }

  @Test("I/N parses for 0 <= I < N and is refused otherwise")
  func parsing() throws {
    let shard = try Shard(parsing: "2/3")
    #expect(shard.index == 2 && shard.count == 3 && shard.description == "2/3")
    #expect((try Shard(parsing: "0/1")).count == 1)
    for bad in ["3/3", "-1/3", "1/0", "0/0", "1", "1/2/3", "a/3", " 1/3", "1/+3", "", "/"] {
      #expect(throws: Shard.ParseError.self, "\(bad)") { try Shard(parsing: bad) }
    }
  }

  @Test("N shards of a list cover it exactly once, and roughly evenly")
  func coverage() throws {
    let items = (0..<3000).map { "sprites/pokemon/\($0).png" }
    for count in [1, 2, 3, 7] {
      let shards = (0..<count).map { Shard(index: $0, count: count)! }
      var seen = [String: Int]()
      for shard in shards {
        let mine = items.filter { shard.contains($0) }
        // A hash that sent everything one way would fail here.
        #expect(mine.count > items.count / count / 2, "shard \(shard) has \(mine.count)")
        for item in mine { seen[item, default: 0] += 1 }
      }
      #expect(seen.count == items.count && seen.values.allSatisfy { $0 == 1 })
    }
  }
}

// Throughput of SpriteTheme's SHA-256 (Sources/SpriteTheme/Internal/SHA256.swift), compiled into
// this driver by run-sha256-bench.sh. Prints the best of 7 runs per message size, in MB/s of
// the thread's CPU time (steadier than wall time on a machine shared with other work).

import Foundation

/// Nanoseconds of CPU time used by this thread.
func now() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

// `--once`: hash 4,000,000 bytes once and stop, for counting instructions under callgrind.
if CommandLine.arguments.contains("--once") {
  var state: UInt64 = 1
  let message = (0..<4_000_000).map { _ -> UInt8 in
    state = state &* 6364136223846793005 &+ 1442695040888963407
    return UInt8(truncatingIfNeeded: state >> 56)
  }
  print(SHA256.hex(of: message))
  exit(0)
}

var checksum = 0
for size in [1_000, 9_300, 1_000_000] {
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  let message = (0..<size).map { _ -> UInt8 in
    state = state &* 6364136223846793005 &+ 1442695040888963407
    return UInt8(truncatingIfNeeded: state >> 56)
  }
  let repeats = max(1, 50_000_000 / size)
  var best = UInt64.max
  for _ in 0..<7 {
    let start = now()
    for _ in 0..<repeats { checksum &+= Int(SHA256.hex(of: message).utf8.first!) }
    best = min(best, now() - start)
  }
  let megabytes = Double(size * repeats) / 1e6
  print("\(size) bytes: \(Int(megabytes / (Double(best) / 1e9))) MB/s")
}
print("checksum \(checksum)")

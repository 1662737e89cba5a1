// DecodeLoop: the Swift twin of libpng-floor/decode_floor.c, over PNGDecoder().decode.
//
// Same files, same order, same warm-up, pass-count calibration, repetitions, timer, checksum
// fold and output line as the C program, so compare-decode.sh can put the two side by side.
//
// Usage: DecodeLoop DIR [PASSES [REPS]]   (PASSES 0 or absent: about 0.2 s per repetition)
//        DecodeLoop --write-synthetic DIR  (writes the suites' 256x256 and 1024x1024 synthetic
//                                           sprites, encoded by PNGEncoder, as a large corpus)

import BenchmarkInputs
import SpriteCore
import SpritePNG

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Prints `message` on standard error and exits with `status`.
func fail(_ message: String, status: Int32 = 1) -> Never {
  let line = message + "\n"
  _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
  exit(status)
}

/// The directory's `*.png` files, sorted by name (byte order, like the C program's strcmp).
func load(_ directory: String) -> [(name: String, bytes: [UInt8])] {
  guard let dir = opendir(directory) else {
    perror(directory)
    exit(1)
  }
  var names: [String] = []
  while let entry = readdir(dir) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
      String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
    if name.hasSuffix(".png") { names.append(name) }
  }
  closedir(dir)
  names.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  if names.isEmpty { fail("no .png files in \(directory)") }
  return names.map { name in
    let path = directory + "/" + name
    guard let file = fopen(path, "rb") else {
      perror(path)
      exit(1)
    }
    defer { fclose(file) }
    fseek(file, 0, SEEK_END)
    let size = ftell(file)
    fseek(file, 0, SEEK_SET)
    let bytes = [UInt8](unsafeUninitializedCapacity: max(size, 0)) { buffer, count in
      count = size > 0 ? fread(buffer.baseAddress, 1, size, file) : 0
    }
    if size < 0 || bytes.count != size { fail("cannot read \(path)") }
    return (name, bytes)
  }
}

@inline(__always)
func nowNs() -> UInt64 {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

/// Decodes every file once and returns the same checksum fold as decode_floor.c.
func pass(_ files: [(name: String, bytes: [UInt8])], decoder: PNGDecoder) -> UInt64 {
  var sum: UInt64 = 0
  for file in files {
    let image: RGBAImage
    do {
      image = try decoder.decode(file.bytes)
    } catch {
      fail("decode failed: \(file.name): \(error)")
    }
    image.pixels.withUnsafeBufferPointer { p in
      var i = 0
      while i < p.count {
        sum = sum &* 31 &+ UInt64(p[i])
        i += 61
      }
      sum = sum &* 31 &+ UInt64(p[p.count - 1]) &+ UInt64(image.width) &* 7 &+ UInt64(image.height)
    }
  }
  return sum
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else { fail("usage: \(arguments[0]) DIR [PASSES [REPS]]", status: 2) }
if arguments[1] == "--write-synthetic" {
  guard arguments.count == 3 else {
    fail("usage: \(arguments[0]) --write-synthetic DIR", status: 2)
  }
  for side in [256, 1024] {
    let path = "\(arguments[2])/synthetic-rgba8-\(side)x\(side).png"
    let bytes = Inputs.encodedSprite(side: side)
    guard let file = fopen(path, "wb"), fwrite(bytes, 1, bytes.count, file) == bytes.count,
      fclose(file) == 0
    else { fail("cannot write \(path)") }
  }
  exit(0)
}
let files = load(arguments[1])
var passes = arguments.count > 2 ? Int(arguments[2]) ?? 0 : 0
let reps = max(arguments.count > 3 ? Int(arguments[3]) ?? 7 : 7, 1)
let decoder = PNGDecoder()

// Warm-up pass; it also gives the checksum and, when PASSES is 0, the pass count.
let t0 = nowNs()
let checksum = pass(files, decoder: decoder)
let once = nowNs() - t0
if passes <= 0 {
  passes = max(Int(200_000_000 / max(once, 1)), 1)
}

var perPass: [UInt64] = []
for _ in 0..<reps {
  let start = nowNs()
  for _ in 0..<passes {
    if pass(files, decoder: decoder) != checksum { fail("checksum changed between passes") }
  }
  let elapsed = nowNs() - start
  perPass.append(elapsed / UInt64(passes))
}
perPass.sort()
let hex = String(checksum, radix: 16)
print(
  "impl=swift files=\(files.count) passes=\(passes) reps=\(reps) best_ns=\(perPass[0])"
    + " median_ns=\(perPass[reps / 2]) checksum=\(String(repeating: "0", count: 16 - hex.count) + hex)"
)

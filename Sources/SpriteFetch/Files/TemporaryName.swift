#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Names for the temporary files of atomic writes: `NAME.tmp-PID-N`, or `.NAME.tmp-PID-N` hidden,
/// unique across threads (a process-wide counter `N`) and processes (the process id), built in one
/// buffer. The cache and the output folders both use it.
package enum TemporaryName {
  /// The temporary name for a file `name` (a name, not a path).
  package static func make(for name: String, hidden: Bool) -> String {
    var name = name
    let serial = counter.next()
    return name.withUTF8 { utf8 in
      String(unsafeUninitializedCapacity: utf8.count + 48) { buffer in
        var count = 0
        func append(_ byte: UInt8) {
          buffer[count] = byte
          count += 1
        }
        func append(number: Int) {
          var value = UInt(number)
          let start = count
          repeat {
            append(UInt8(ascii: "0") + UInt8(value % 10))
            value /= 10
          } while value > 0
          buffer[start..<count].reverse()
        }
        if hidden { append(UInt8(ascii: ".")) }
        for byte in utf8 { append(byte) }
        for byte in UnsafeBufferPointer(start: marker.utf8Start, count: marker.utf8CodeUnitCount) {
          append(byte)
        }
        append(number: Int(processID))
        append(UInt8(ascii: "-"))
        append(number: serial)
        return count
      }
    }
  }

  /// This process's id, read once.
  /// What follows the file's own name in every temporary name.
  static let marker: StaticString = ".tmp-"

  /// True for a name ``make(for:hidden:)`` could have given with `hidden`: a dot first and the
  /// marker after it (the clean-up of an interrupted run looks for these).
  package static func isHidden(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    let mark = UnsafeBufferPointer(start: marker.utf8Start, count: marker.utf8CodeUnitCount)
    guard name.count >= mark.count, name.first == UInt8(ascii: ".") else { return false }
    return (0...(name.count - mark.count)).contains { start in
      mark.indices.allSatisfy { name[start + $0] == mark[$0] }
    }
  }

  private static let processID = getpid()
  /// The process-wide counter.
  private static let counter = Counter()

  /// A thread-safe counter from 1.
  private final class Counter: @unchecked Sendable {
    private let lock = ThreadLock()
    private var value = 0

    func next() -> Int {
      lock.withLock {
        value += 1
        return value
      }
    }
  }
}

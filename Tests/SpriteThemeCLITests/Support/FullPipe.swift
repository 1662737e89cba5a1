import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pipe whose buffer is already full when a child gets its write end, and that nobody reads:
/// the child's first write to it blocks for good. A gate the test holds, with no timing: a
/// `batch --progress` whose standard error is this pipe stops at its first progress line, which
/// it draws after its first sprite is done.
final class FullPipe {
  /// The pipe; give the child ``writer``.
  private let pipe = Pipe()

  /// The end to give the child.
  var writer: FileHandle { pipe.fileHandleForWriting }

  /// Makes the pipe and fills its buffer.
  init() throws {
    let fd = pipe.fileHandleForWriting.fileDescriptor
    let flags = fcntl(fd, F_GETFL)
    // Filled without blocking: whole pages while they fit, then single bytes until the last
    // page is full too, so a write of any size blocks.
    guard fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else { throw POSIXError(.EIO) }
    let page = [UInt8](repeating: UInt8(ascii: "."), count: 4096)
    while page.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
    var byte = UInt8(ascii: ".")
    while write(fd, &byte, 1) == 1 {}
    guard errno == EAGAIN || errno == EWOULDBLOCK else { throw POSIXError(.EIO) }
    // Blocking again, for the child (the flag belongs to the open file, which it shares).
    guard fcntl(fd, F_SETFL, flags) == 0 else { throw POSIXError(.EIO) }
  }
}

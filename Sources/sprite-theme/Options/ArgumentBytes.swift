import Foundation
import SpriteFiles

/// `argv` as bytes through ArgumentParser, which parses `String`s: each argument's bytes are
/// carried in a `String` that gives them back exactly (``PathArgument`` does), so a path that is
/// not UTF-8 reaches the system call as it was typed.
///
/// Valid UTF-8 stays as it is. A byte that is not part of valid UTF-8 (0x80-0xFF) becomes the
/// private-use scalar U+10FF00 + byte; a scalar of that range typed as such (U+10FF80-U+10FFFF)
/// is escaped the same way, byte by byte, so every `String` decodes to one sequence of bytes
/// (the idea of Python's `surrogateescape`, with scalars a `String` may hold).
enum ArgumentBytes {
  /// The scalars that stand for single bytes.
  static let escapes: ClosedRange<UInt32> = 0x10FF80...0x10FFFF

  /// The program's arguments after its name, read from `argv` itself (`CommandLine.arguments`
  /// has already replaced bytes that are not UTF-8).
  static var commandLine: [String] {
    (1..<Int(CommandLine.argc)).map { i in
      guard let argument = CommandLine.unsafeArgv[i] else { return "" }
      let count = strlen(argument)
      return argument.withMemoryRebound(to: UInt8.self, capacity: count) {
        text(UnsafeBufferPointer(start: $0, count: count))
      }
    }
  }

  /// The text that carries `bytes` (see ``ArgumentBytes``).
  static func text(_ bytes: some Collection<UInt8>) -> String {
    let bytes = Array(bytes)
    var text = String.UnicodeScalarView()
    var i = 0
    while i < bytes.count {
      let length = UTF8Sequence.length(at: i, in: bytes)
      let scalar =
        length == 0
        ? nil : String(decoding: bytes[i..<(i + length)], as: UTF8.self).unicodeScalars.first
      if let scalar, !escapes.contains(scalar.value) {
        text.append(scalar)
        i += length
      } else {
        for byte in bytes[i..<(i + max(length, 1))] { text.append(escape(byte)) }
        i += max(length, 1)
      }
    }
    return String(text)
  }

  /// The bytes `text` carries: the inverse of ``text(_:)``.
  static func bytes(of text: some StringProtocol) -> [UInt8] {
    var bytes = [UInt8]()
    bytes.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if escapes.contains(scalar.value) {
        bytes.append(UInt8(truncatingIfNeeded: scalar.value))
      } else {
        bytes += String(scalar).utf8
      }
    }
    return bytes
  }

  /// `text` for people: the bytes it carries, those not UTF-8 shown as `\xHH`
  /// (``ReadableBytes``), for messages that quote an argument.
  static func readable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { escapes.contains($0.value) }) else { return text }
    return ReadableBytes.text(bytes(of: text))
  }

  /// The scalar that stands for `byte` (0x80-0xFF).
  private static func escape(_ byte: UInt8) -> Unicode.Scalar {
    Unicode.Scalar(escapes.lowerBound - 0x80 + UInt32(byte))!
  }
}

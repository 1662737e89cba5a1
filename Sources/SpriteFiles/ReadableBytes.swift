import SystemPackage

/// Names as bytes, shown to people: UTF-8 text as it is, and every byte that is not part of
/// valid UTF-8 (or is a control character, which would break the line) as `\xHH`, so a message
/// stays one readable line and still tells two names apart.
package enum ReadableBytes {
  /// `bytes` as readable text, e.g. `rep\xFFdir` for the bytes `r e p 0xFF d i r`.
  package static func text(_ bytes: some Collection<UInt8>) -> String {
    let bytes = Array(bytes)
    var text = ""
    text.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      let length = UTF8Sequence.length(at: i, in: bytes)
      if length == 1, bytes[i] >= 0x20, bytes[i] != 0x7F {
        text.unicodeScalars.append(Unicode.Scalar(bytes[i]))
      } else if length > 1 {
        text += String(decoding: bytes[i..<(i + length)], as: UTF8.self)
      } else {
        text += "\\x" + hex(bytes[i])
      }
      i += max(length, 1)
    }
    return text
  }

  /// Two upper-case hexadecimal digits.
  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF".unicodeScalars)
    return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
  }
}

/// Where UTF-8 sequences end in bytes that may not all be UTF-8.
package enum UTF8Sequence {
  /// The length of the valid UTF-8 sequence starting at `i` in `bytes` (1-4), or 0 when the byte
  /// there does not start one (a stray continuation byte, an overlong form, a surrogate, a value
  /// over U+10FFFF or a sequence cut short).
  package static func length(at i: Int, in bytes: [UInt8]) -> Int {
    let lead = bytes[i]
    let length =
      switch lead {
      case 0x00...0x7F: 1
      case 0xC2...0xDF: 2
      case 0xE0...0xEF: 3
      case 0xF0...0xF4: 4
      default: 0
      }
    guard length > 1 else { return length }
    guard i + length <= bytes.count,
      String(validating: bytes[i..<(i + length)], as: UTF8.self) != nil
    else { return 0 }
    return length
  }
}

extension FilePath {
  /// The path for messages (``ReadableBytes``): its bytes as stored, not UTF-8 ones escaped.
  package var readable: String { ReadableBytes.text(bytes) }

  /// The path's bytes as the system stores them, without the terminating NUL.
  package var bytes: [UInt8] {
    withPlatformString { pointer in
      var bytes = [UInt8]()
      var i = 0
      while pointer[i] != 0 {
        bytes.append(UInt8(bitPattern: pointer[i]))
        i += 1
      }
      return bytes
    }
  }

  /// The path made of `bytes` as they are (no NUL among them), whatever their encoding.
  package init(bytes: some Collection<UInt8>) {
    let characters = bytes.map { CChar(bitPattern: $0) } + [0]
    self = characters.withUnsafeBufferPointer { FilePath(platformString: $0.baseAddress!) }
  }
}

extension FilePath.Component {
  /// The component's bytes as stored.
  package var bytes: [UInt8] { FilePath(root: nil, [self]).bytes }

  /// The component for messages (``ReadableBytes``).
  package var readable: String { ReadableBytes.text(bytes) }
}

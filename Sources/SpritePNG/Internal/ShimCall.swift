import CSpritePNG

/// Runs shim calls with a stack message buffer and turns their text into Swift strings.
enum ShimCall {
  /// Bytes reserved for a libpng message (libpng's own texts are far shorter).
  static let messageCapacity = 256

  /// Calls `body` with a message buffer and returns its status, plus the message when not `.ok`.
  @inline(__always)
  static func run(
    _ body: (_ msg: UnsafeMutablePointer<CChar>, _ cap: Int) -> CSpritePNG_Status
  ) -> (status: CSpritePNG_Status, message: String) {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: messageCapacity) { buffer in
      let base = buffer.baseAddress!
      base.initialize(to: 0)
      let status = body(base, buffer.count)
      return (status, status == .OK ? "" : string(from: buffer))
    }
  }

  /// Decodes the NUL-terminated UTF-8 text at the start of `buffer`.
  static func string(from buffer: UnsafeMutableBufferPointer<CChar>) -> String {
    let length = buffer.firstIndex(of: 0) ?? buffer.count
    return String(
      decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: length), as: UTF8.self)
  }
}

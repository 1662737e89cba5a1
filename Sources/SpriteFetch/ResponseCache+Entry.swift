extension ResponseCache {
  /// One cached response: the body and the validators needed to revalidate it.
  public struct Entry: Sendable, Equatable {
    /// The request URL the entry is kept under, as an absolute string.
    public var url: String
    /// The HTTP status stored with the body (always 200 for entries written by this cache).
    public var status: Int
    /// The body bytes.
    public var body: [UInt8]
    /// The `ETag` header of the stored response, if any.
    public var etag: String?
    /// The `Last-Modified` header of the stored response, if any.
    public var lastModified: String?
    /// The `Content-Type` header of the stored response, if any.
    public var contentType: String?
    /// The URL the body came from after redirects, if known.
    public var finalURL: String?
    /// When the entry was stored or last revalidated.
    public var storedAt: Timestamp

    /// The entry's age at `date`, in seconds; negative when `storedAt` lies in the future.
    public func age(at date: Timestamp) -> Double { date.seconds(since: storedAt) }

    /// True when the entry is younger than `ttl` at `date` (and not dated in the future).
    public func isFresh(at date: Timestamp, ttl: Double) -> Bool {
      let age = age(at: date)
      return age >= 0 && age < ttl
    }

    /// True when the entry carries an `ETag` or `Last-Modified` to revalidate with.
    public var canRevalidate: Bool { etag != nil || lastModified != nil }

    /// The entry as a response with status 200, marked with `source`.
    public func response(requestURL: AbsoluteURL, source: FetchResponse.Source) -> FetchResponse {
      var response = FetchResponse(
        status: 200, body: body, etag: etag, lastModified: lastModified, contentType: contentType,
        finalURL: finalURL.flatMap(AbsoluteURL.init(string:)) ?? requestURL)
      response.source = source
      return response
    }
  }
}

/// FNV-1a, 64-bit: a stable, dependency-free hash for cache keys and body checks.
package enum FNV1a {
  /// The hash of the bytes in `buffer`: the one loop; compiled here, so callers in other modules
  /// do not iterate a generic sequence.
  package static func hash(_ buffer: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in buffer {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  /// The hash of `bytes`.
  package static func hash(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBufferPointer { hash($0) }
  }

  /// The hash of a string's UTF-8 bytes.
  package static func hash(_ text: String) -> UInt64 {
    var text = text
    return text.withUTF8 { hash($0) }
  }

  /// The hash of `bytes` as 16 lowercase hex digits.
  package static func hex(_ bytes: [UInt8]) -> String {
    var digits = [UInt8]()
    digits.reserveCapacity(16)
    appendHex(hash(bytes), to: &digits)
    return String(decoding: digits, as: UTF8.self)
  }

  /// Appends `value` as 16 lowercase hex digits.
  package static func appendHex(_ value: UInt64, to out: inout [UInt8]) {
    for shift in stride(from: 60, through: 0, by: -4) { out.append(hexDigit(of: value, at: shift)) }
  }

  /// The lowercase hex digit of the four bits of `value` starting at bit `shift`.
  package static func hexDigit(of value: UInt64, at shift: Int) -> UInt8 {
    let digit = UInt8((value >> UInt64(shift)) & 0xF)
    return digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
  }
}

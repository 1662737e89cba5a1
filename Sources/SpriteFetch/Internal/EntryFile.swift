import Foundation

/// The on-disk form of one ``ResponseCache`` entry: a text header, an empty line, the body.
///
/// ```text
/// sprite-theme-cache 3
/// url https://example.test/1.png
/// status 200
/// stored-at 1763800000.25
/// etag "abc"
/// last-modified Sun, 06 Nov 1994 08:49:37 GMT
/// content-type image/png
/// final-url https://example.test/1.png
/// body-length 875
/// body-sha256 <64 hex digits>
///
/// <body bytes>
/// ```
///
/// Optional lines are left out when absent. Header values never hold line breaks (HTTP header
/// values cannot, and a value that does is not stored). A file with another first line, a missing
/// field, or a body whose length or SHA-256 differs from the header does not decode.
enum EntryFile {
  /// The first line of every entry this code writes; other versions are misses.
  static let magic = "sprite-theme-cache 3"

  /// The bytes of `entry`'s file.
  static func encode(_ entry: ResponseCache.Entry) -> [UInt8] {
    header(of: entry) + entry.body
  }

  /// The bytes of `entry`'s file before the body: the header and the empty line.
  static func header(of entry: ResponseCache.Entry) -> [UInt8] {
    var bytes = [UInt8]()
    bytes.reserveCapacity(256 + entry.url.utf8.count * 2)
    bytes.append(contentsOf: magic.utf8)
    bytes.append(UInt8(ascii: "\n"))
    func field(_ name: StaticString, _ value: String?) {
      guard var value else { return }
      value.withUTF8 { utf8 in
        for byte in utf8 where byte == 0x0A || byte == 0x0D { return }
        bytes.append(
          contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: " "))
        bytes.append(contentsOf: utf8)
        bytes.append(UInt8(ascii: "\n"))
      }
    }
    field("url", entry.url)
    field("status", String(entry.status))
    field("stored-at", String(entry.storedAt.timeIntervalSince1970))
    field("etag", entry.etag)
    field("last-modified", entry.lastModified)
    field("content-type", entry.contentType)
    field("final-url", entry.finalURL)
    field("body-length", String(entry.body.count))
    field("body-sha256", ResponseCache.digest(entry.body))
    bytes.append(UInt8(ascii: "\n"))
    return bytes
  }

  /// The entry in `bytes`, or nil when they are not a whole, consistent entry file.
  static func decode(_ data: Data) -> ResponseCache.Entry? {
    let bytes = [UInt8](data)
    let newline = UInt8(ascii: "\n")
    var fields: [Substring: Substring] = [:]
    var start = 0
    var lineNumber = 0
    var bodyStart: Int?
    while start < bytes.count, let end = bytes[start...].firstIndex(of: newline) {
      defer {
        start = end + 1
        lineNumber += 1
      }
      if end == start {
        bodyStart = end + 1
        break
      }
      let line = String(decoding: bytes[start..<end], as: UTF8.self)[...]
      if lineNumber == 0 {
        guard line == magic else { return nil }
        continue
      }
      guard let space = line.firstIndex(of: " ") else { return nil }
      fields[line[..<space]] = line[line.index(after: space)...]
    }
    guard let bodyStart, lineNumber > 0,
      let url = fields["url"], let status = fields["status"].flatMap({ Int($0) }),
      let storedAt = fields["stored-at"].flatMap({ Double($0) }),
      let length = fields["body-length"].flatMap({ Int($0) }), let digest = fields["body-sha256"],
      bytes.count - bodyStart == length
    else { return nil }
    let body = Array(bytes[bodyStart...])
    guard ResponseCache.digest(body) == digest else { return nil }
    return ResponseCache.Entry(
      url: String(url), status: status, body: body, etag: fields["etag"].map(String.init),
      lastModified: fields["last-modified"].map(String.init),
      contentType: fields["content-type"].map(String.init),
      finalURL: fields["final-url"].map(String.init),
      storedAt: Date(timeIntervalSince1970: storedAt))
  }
}

import Foundation
import Testing
import _SpriteTestSupport

/// One row of `libpng-reference-raw.tsv`: what libpng's low-level API makes of one PngSuite file.
struct PngSuiteRow: Sendable, CustomTestStringConvertible {
  /// The file name, such as `basn0g01.png`.
  let file: String
  /// True for the 161 files that must decode, false for the 14 `x*` files.
  let decodes: Bool
  /// The reference width and height (zero for error rows).
  let width: Int
  let height: Int
  /// FNV-1a 64 of the RGBA8 bytes (zero for error rows).
  let hash: UInt64
  /// libpng's error text (empty for rows that decode).
  let message: String

  var testDescription: String { file }
}

/// The shared PngSuite images and their reference table, loaded once at test discovery.
enum PngSuite {
  /// The PngSuite folder, or `nil` when it is missing.
  static let directory: URL? = Fixtures.pngSuiteDirectory

  /// Every row of the reference table; empty when the table cannot be read.
  static let table: [PngSuiteRow] = loadTable()

  /// The rows whose file must decode.
  static var validRows: [PngSuiteRow] { table.filter(\.decodes) }

  /// The rows whose file must be rejected.
  static var corruptRows: [PngSuiteRow] { table.filter { !$0.decodes } }

  /// The bytes of one PngSuite file.
  static func bytes(of file: String) throws -> [UInt8] {
    guard let directory else { throw CocoaError(.fileNoSuchFile) }
    return try Fixtures.bytes(of: directory.appendingPathComponent(file))
  }

  /// Says loudly that PngSuite is missing: a failure under CI, a warning elsewhere.
  static func reportMissing(sourceLocation: SourceLocation = #_sourceLocation) {
    let location = directory?.path ?? "../shared/testdata/pngsuite (or $PNGSUITE_DIR)"
    Issue.record(
      "PngSuite (with libpng-reference-raw.tsv) is missing at \(location): tests skipped.",
      severity: Fixtures.isCI ? .error : .warning, sourceLocation: sourceLocation)
  }

  private static func loadTable() -> [PngSuiteRow] {
    guard let directory,
      let text = try? String(
        contentsOf: directory.appendingPathComponent("libpng-reference-raw.tsv"), encoding: .utf8)
    else { return [] }
    var rows: [PngSuiteRow] = []
    for line in text.split(separator: "\n").dropFirst() where !line.isEmpty {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count >= 6 else { continue }
      rows.append(
        PngSuiteRow(
          file: fields[0], decodes: fields[1] == "ok",
          width: Int(fields[2]) ?? 0, height: Int(fields[3]) ?? 0,
          hash: UInt64(fields[4], radix: 16) ?? 0, message: fields[5]))
    }
    return rows
  }
}

/// 64-bit FNV-1a, the hash used by the reference table.
enum FNV1a64 {
  /// Hashes `bytes` with offset basis 0xcbf29ce484222325 and prime 0x100000001b3.
  static func hash(_ bytes: [UInt8]) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      h ^= UInt64(byte)
      h = h &* 0x0000_0100_0000_01b3
    }
    return h
  }
}

import Foundation
import SpriteCore
import SpritePNG
import Testing
import _SpriteTestSupport

/// PngSuite conformance against `libpng-reference-raw.tsv` (libpng's low-level API, no colour
/// management), one test case per file.
@Suite("PngSuite conformance")
struct PngSuiteTests {
  let decoder = PNGDecoder()

  @Test("the reference table lists 161 valid and 14 corrupt files, all present")
  func tableIsComplete() throws {
    guard !PngSuite.table.isEmpty else {
      PngSuite.reportMissing()
      return
    }
    #expect(PngSuite.validRows.count == 161)
    #expect(PngSuite.corruptRows.count == 14)
    #expect(PngSuite.corruptRows.allSatisfy { $0.file.hasPrefix("x") })
    for row in PngSuite.table {
      #expect(throws: Never.self, "\(row.file) is listed but unreadable") {
        _ = try PngSuite.bytes(of: row.file)
      }
    }
  }

  @Test(
    "valid files decode to the reference size and FNV-1a 64 of the RGBA8 bytes",
    arguments: PngSuite.validRows)
  func decodesValidFile(_ row: PngSuiteRow) throws {
    let bytes = try PngSuite.bytes(of: row.file)
    let header = try decoder.readHeader(bytes)
    #expect(header.width == row.width && header.height == row.height)

    let image = try decoder.decode(bytes)
    #expect(image.width == row.width)
    #expect(image.height == row.height)
    #expect(image.pixels.count == row.width * row.height * 4)
    let hash = FNV1a64.hash(image.pixels)
    if hash != row.hash {
      // Kept for inspection, so not in the temporary folder (which the tests leave empty).
      let folder = Fixtures.packageRoot.appendingPathComponent(".build/test-failures")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let dump = folder.appendingPathComponent("SpritePNGTests-\(row.file).rgba")
      try Data(image.pixels).write(to: dump)
      Issue.record(
        """
        \(row.file): FNV-1a 64 is \(String(hash, radix: 16)), reference \
        \(String(row.hash, radix: 16)); decoded RGBA8 (\(image.width)x\(image.height)) written to \
        \(dump.path)
        """)
    }
  }

  @Test("corrupt files throw the exact error libpng names", arguments: PngSuite.corruptRows)
  func rejectsCorruptFile(_ row: PngSuiteRow) throws {
    let bytes = try PngSuite.bytes(of: row.file)
    // libpng's own split: wrong magic bytes are "Not a PNG file"; the rest carry libpng's text.
    let expected: PNGDecodingError =
      row.message == "Not a PNG file" ? .notPNG : .libpng(message: row.message)
    let error = #expect(throws: PNGDecodingError.self) { try decoder.decode(bytes) }
    #expect(error == expected, "\(row.file)")
  }

  @Test("signature damage is told apart as libpng does")
  func signatureErrorsMatchLibpng() throws {
    guard PngSuite.directory != nil, !PngSuite.table.isEmpty else { return }
    for file in ["xs1n0g01.png", "xs2n0g01.png", "xs4n0g01.png"] {
      #expect(!PNGSignature.hasMagic(try PngSuite.bytes(of: file)), "\(file)")
    }
    for file in ["xs7n0g01.png", "xcrn0g04.png", "xlfn0g04.png"] {
      let bytes = try PngSuite.bytes(of: file)
      #expect(PNGSignature.hasMagic(bytes) && !PNGSignature.matches(bytes), "\(file)")
    }
  }
}

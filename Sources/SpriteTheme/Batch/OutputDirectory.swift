#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import SpriteFetch

/// The output directory of a batch: its layout, atomic writes into it, and clean-up of the
/// temporary files an interrupted earlier run may have left.
struct OutputDirectory: Sendable {
  /// The directory's path.
  let path: String

  /// Creates the directory with `folders` inside (by default `themes/` and `thumbs/`) and removes
  /// stale temporary files.
  func prepare(folders: [String] = ["themes", "thumbs"]) throws(ThemeBatch.Fatal) {
    for folder in [path] + folders.map({ path + "/" + $0 }) {
      do {
        try FileIO.createDirectory(folder)
      } catch {
        throw ThemeBatch.Fatal(path: folder, reason: error.reason)
      }
      removeStaleTemporaries(in: folder)
    }
  }

  /// Writes `bytes` atomically at `relative` (e.g. `themes/x.json`) inside the directory.
  func write(_ bytes: [UInt8], to relative: String) throws(ThemePipeline.Error) {
    let target = path + "/" + relative
    do {
      try FileIO.writeAtomically(bytes, to: target)
    } catch {
      throw .writeFailed(path: target, reason: error.reason, outOfSpace: error.isOutOfSpace)
    }
  }

  /// Writes the bytes of `buffer` atomically at `relative` inside the directory.
  func write(_ buffer: UnsafeRawBufferPointer, to relative: String) throws(ThemePipeline.Error) {
    let target = path + "/" + relative
    do {
      try FileIO.writeAtomically(buffer, to: target)
    } catch {
      throw .writeFailed(path: target, reason: error.reason, outOfSpace: error.isOutOfSpace)
    }
  }

  /// Writes `index.json`.
  func write(index: BatchIndex) throws(ThemeBatch.Fatal) {
    try writeIndex(ThemeEncoder.encode(index))
  }

  /// Writes `index.json` from its encoded bytes.
  func writeIndex(_ encoded: [UInt8]) throws(ThemeBatch.Fatal) {
    do {
      try write(encoded, to: "index.json")
    } catch {
      throw ThemeBatch.Fatal(path: error.source, reason: error.reason)
    }
  }

  /// Removes `.NAME.tmp-PID-N` files that ``FileIO/writeAtomically(_:to:)`` left when a run was killed.
  private func removeStaleTemporaries(in folder: String) {
    var stale = [String]()
    FileIO.forEachEntry(in: folder) { name, _ in
      if TemporaryName.isHidden(name) { stale.append(String(decoding: name, as: UTF8.self)) }
    }
    // Removed after the listing, so that removing does not disturb the directory stream.
    for name in stale { unlink(folder + "/" + name) }
  }

}

/// Writes one analysed sprite into an output directory: its thumbnails first, then its theme,
/// each atomically. Shared by ``ThemeBatch`` and ``ThemeFetch`` so both lay out files alike.
struct SpriteWriter: Sendable {
  /// The directory written into.
  let output: OutputDirectory
  /// The pipeline that renders thumbnails.
  let pipeline: ThemePipeline
  /// Longest sides of the thumbnails to write; empty for none.
  let thumbnailSizes: [Int]

  /// Writes `sprite` as `thumbs/<name>-<size>.png` and `themes/<name>.json`.
  ///
  /// - Parameters:
  ///   - sprite: The analysed sprite; its theme gains the thumbnail records.
  ///   - name: The sprite's unique output name.
  ///   - source: The input path or URL, for the index entry and error messages.
  /// - Returns: The index entry for the sprite.
  /// - Throws: A pipeline error: `writeFailed` for the disk, others for thumbnail encoding.
  func write(
    _ sprite: consuming AnalyzedSprite, name: String, source: String
  ) throws(ThemePipeline.Error) -> BatchIndex.Entry {
    var json = JSONWriter()
    return try write(sprite, name: name, source: source, json: &json)
  }

  /// Writes `sprite` as ``write(_:name:source:)`` does, encoding its theme in `json`'s buffer,
  /// which one worker reuses for every sprite.
  func write(
    _ sprite: consuming AnalyzedSprite, name: String, source: String, json: inout JSONWriter
  ) throws(ThemePipeline.Error) -> BatchIndex.Entry {
    for size in thumbnailSizes {
      let thumbnail = Thumbnail(size: size)
      let png = try pipeline.thumbnailPNG(of: sprite.image, size: size, source: source)
      let relative = "thumbs/\(name)-\(size).png"
      try output.write(png, to: relative)
      let dimensions = thumbnail.outputSize(width: sprite.image.width, height: sprite.image.height)
      sprite.theme.thumbnails.append(
        Theme.ThumbnailFile(
          path: relative, width: dimensions.width, height: dimensions.height,
          filter: thumbnail.resolvedFilter(width: sprite.image.width, height: sprite.image.height)
            .rawValue))
    }
    let relative = "themes/" + name + ".json"
    ThemeEncoder.encode(sprite.theme, into: &json)
    try json.withBytes { buffer throws(ThemePipeline.Error) in
      try output.write(buffer, to: relative)
    }
    return BatchIndex.Entry(
      name: name, source: source, theme: relative, average: sprite.theme.average.hex,
      dominant: sprite.theme.dominant?.hex)
  }
}

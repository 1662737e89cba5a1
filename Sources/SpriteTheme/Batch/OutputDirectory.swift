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
///
/// The directory and its folders are opened once, in ``prepare(path:folders:)``, and every file
/// is written relative to its folder's descriptor (``OutputFolder``): the kernel does not walk
/// the output path again for each file, twice (create, then link in).
struct OutputDirectory: Sendable {
  /// A folder inside the output directory.
  enum Folder: Int, CaseIterable, Sendable {
    /// `themes/`: one theme file per sprite.
    case themes
    /// `thumbs/`: the thumbnails.
    case thumbs
    /// `sprites/`: the PNG files `fetch --download-only` keeps.
    case sprites

    /// The folder's name in the output directory.
    var name: String {
      switch self {
      case .themes: "themes"
      case .thumbs: "thumbs"
      case .sprites: "sprites"
      }
    }
  }

  /// The directory's path.
  let path: String
  /// The directory itself, open.
  private let root: OutputFolder
  /// The folders `prepare` made, open, indexed by `Folder.rawValue`.
  private let folders: [OutputFolder?]

  /// Creates the directory at `path` with `folders` inside, opens them for writing, and removes
  /// the stale temporary files of an interrupted run from them and from any other folder of the
  /// layout that is already there (a run without thumbnails cleans up after one with them).
  static func prepare(
    path: String, folders: [Folder] = [.themes, .thumbs]
  ) throws(ThemeBatch.Fatal) -> OutputDirectory {
    func open(_ folder: String) throws(ThemeBatch.Fatal) -> OutputFolder {
      do {
        try FileIO.createDirectory(folder)
        removeStaleTemporaries(in: folder)
        return try OutputFolder(path: folder)
      } catch {
        throw ThemeBatch.Fatal(path: folder, reason: error.reason)
      }
    }
    let root = try open(path)
    var opened = [OutputFolder?](repeating: nil, count: Folder.allCases.count)
    for folder in Folder.allCases {
      if folders.contains(folder) {
        opened[folder.rawValue] = try open(path + "/" + folder.name)
      } else {
        removeStaleTemporaries(in: path + "/" + folder.name)  // nothing when it is not there
      }
    }
    return OutputDirectory(path: path, root: root, folders: opened)
  }

  /// The open `folder`; `prepare` must have made it.
  func open(_ folder: Folder) -> OutputFolder {
    guard let open = folders[folder.rawValue] else {
      preconditionFailure("the output directory was prepared without \(folder.name)/")
    }
    return open
  }

  /// Writes the bytes of `buffer` atomically as the file `name` in `folder`.
  func write(
    _ buffer: UnsafeRawBufferPointer, into folder: Folder, named name: String
  ) throws(ThemePipeline.Error) {
    do {
      try open(folder).write(buffer, named: name)
    } catch {
      throw .writeFailed(
        path: path + "/" + folder.name + "/" + name, reason: error.reason,
        outOfSpace: error.isOutOfSpace)
    }
  }

  /// Writes `index.json`.
  func write(index: BatchIndex) throws(ThemeBatch.Fatal) {
    try writeIndex(ThemeEncoder.encode(index))
  }

  /// Writes `index.json` from its encoded bytes.
  func writeIndex(_ encoded: [UInt8]) throws(ThemeBatch.Fatal) {
    do {
      try root.write(encoded, named: "index.json")
    } catch {
      throw ThemeBatch.Fatal(path: path + "/index.json", reason: error.reason)
    }
  }

  /// Removes `.NAME.tmp-PID-N` files that ``FileIO/writeAtomically(_:to:)`` left when a run was killed.
  private static func removeStaleTemporaries(in folder: String) {
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
    json.reset()
    let encoded = try encode(sprite, name: name, source: source, appendingTo: &json)
    try write(encoded, json: json)
    return encoded.entry
  }

  /// Encodes `sprite`'s thumbnails (PNG) and theme (JSON, after what `json` holds already)
  /// without writing them, so that a worker can write the files of several sprites together:
  /// file creation costs about half as much in the kernel when it does not alternate with the
  /// analysis, whose work evicts the file system's code and data from the caches.
  ///
  /// - Throws: `encodeFailed` when a thumbnail cannot be encoded.
  func encode(
    _ sprite: consuming AnalyzedSprite, name: String, source: String,
    appendingTo json: inout JSONWriter
  ) throws(ThemePipeline.Error) -> EncodedSprite {
    var thumbnails = [EncodedSprite.Thumbnail]()
    for size in thumbnailSizes {
      let thumbnail = Thumbnail(size: size)
      let png = try pipeline.thumbnailPNG(of: sprite.image, size: size, source: source)
      let file = "\(name)-\(size).png"
      thumbnails.append(EncodedSprite.Thumbnail(file: file, png: png))
      let dimensions = thumbnail.outputSize(width: sprite.image.width, height: sprite.image.height)
      sprite.theme.thumbnails.append(
        Theme.ThumbnailFile(
          path: "thumbs/" + file, width: dimensions.width, height: dimensions.height,
          filter: thumbnail.resolvedFilter(width: sprite.image.width, height: sprite.image.height)
            .rawValue))
    }
    let file = name + ".json"
    let start = json.count
    ThemeEncoder.encode(sprite.theme, appendingTo: &json)
    return EncodedSprite(
      entry: BatchIndex.Entry(
        name: name, source: source, theme: "themes/" + file, average: sprite.theme.average.hex,
        dominant: sprite.theme.dominant?.hex),
      thumbnails: thumbnails, themeFile: file, theme: start..<json.count)
  }

  /// Writes the files of `encoded`, its thumbnails first, then its theme (bytes `encoded.theme`
  /// of `json`), each atomically.
  ///
  /// - Throws: `writeFailed` when a file cannot be written.
  func write(_ encoded: EncodedSprite, json: borrowing JSONWriter) throws(ThemePipeline.Error) {
    for thumbnail in encoded.thumbnails {
      try thumbnail.png.withUnsafeBytes { buffer in
        Result { () throws(ThemePipeline.Error) in
          try output.write(buffer, into: .thumbs, named: thumbnail.file)
        }
      }.get()
    }
    try json.withBytes(in: encoded.theme) { buffer throws(ThemePipeline.Error) in
      try output.write(buffer, into: .themes, named: encoded.themeFile)
    }
  }
}

/// One sprite's files, encoded by ``SpriteWriter/encode(_:name:source:appendingTo:)`` and not
/// yet written.
struct EncodedSprite: Sendable {
  /// A thumbnail's file name in `thumbs/` and its PNG bytes.
  struct Thumbnail: Sendable {
    /// The file name, `<name>-<size>.png`.
    let file: String
    /// The PNG bytes.
    let png: [UInt8]
  }

  /// The sprite's `index.json` entry.
  let entry: BatchIndex.Entry
  /// The thumbnails, in the order they are written.
  let thumbnails: [Thumbnail]
  /// The theme's file name in `themes/`, `<name>.json`.
  let themeFile: String
  /// Where the theme's bytes are in the JSON writer's buffer it was encoded into.
  let theme: Range<Int>
}

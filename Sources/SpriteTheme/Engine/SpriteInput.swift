/// One sprite for the ``ThemeEngine`` to analyse: its output name, where it came from, and its
/// PNG bytes or why they could not be had. Producers (`batch`, `fetch`) hand them over in output
/// order; `index.json` lists them in that order.
public struct SpriteInput: Sendable {
  /// The unique, sanitised output name (`[a-z0-9._-]`, see ``SpriteNamer``): the sprite's files
  /// are `themes/<name>.json` and `thumbs/<name>-<size>.png`.
  public var name: String
  /// What the theme's `source` records: a path, or a URL with its PokeAPI id.
  public var source: ThemeSource
  /// The PNG file's bytes; `nil` when ``failure`` says why they could not be had.
  public var bytes: [UInt8]?
  /// Why the bytes could not be had (stage `read` or `fetch`); listed in `index.json`'s errors.
  public var failure: BatchIndex.Failure?

  /// An input whose bytes were read or downloaded.
  public init(name: String, source: ThemeSource, bytes: [UInt8]) {
    self.name = name
    self.source = source
    self.bytes = bytes
    self.failure = nil
  }

  /// An input that failed before analysis; `failure` is listed as it is.
  public init(name: String, source: ThemeSource, failure: BatchIndex.Failure) {
    self.name = name
    self.source = source
    self.bytes = nil
    self.failure = failure
  }
}

/// Where a sprite came from, as its theme's `source` records it (SPEC section 6): a local path,
/// or a URL with the PokeAPI entry's id, and the sprite's display name.
public struct ThemeSource: Sendable, Hashable, CustomStringConvertible {
  /// The sprite's name in the theme (`source.name`): the file name without `.png`, or the
  /// PokeAPI entry's name.
  public var name: String
  /// The path as given on the command line (or as found under a folder given on it).
  public var path: String?
  /// The URL the sprite was downloaded from.
  public var url: String?
  /// The PokeAPI entry id, for crawled sprites.
  public var id: Int?

  /// Creates a source; give `path` for a local file, `url` (and `id`) for a download.
  public init(name: String, path: String? = nil, url: String? = nil, id: Int? = nil) {
    self.name = name
    self.path = path
    self.url = url
    self.id = id
  }

  /// A local file: named after its last path component without `.png`. A path that is not
  /// UTF-8 is recorded with U+FFFD for the bytes that are not.
  public static func file(_ path: FilePath) -> ThemeSource {
    let text = path.string
    return ThemeSource(name: ThemePipeline.spriteName(forPath: text), path: text)
  }

  /// What `index.json` and error messages show: the path, else the URL.
  public var description: String { path ?? url ?? name }
}

import SpritePNG

extension ThemePipeline {
  /// A failure in one stage of the pipeline, carrying the sprite it happened to.
  public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
    /// The input file could not be read.
    case readFailed(source: String, reason: String)
    /// The bytes are not a PNG the decoder accepts.
    case decodeFailed(source: String, PNGDecodingError)
    /// The thumbnail could not be encoded as PNG.
    case encodeFailed(source: String, reason: String)
    /// An output file could not be written; `outOfSpace` when the disk is full.
    case writeFailed(path: String, reason: String, outOfSpace: Bool)

    /// The stage that failed: `read`, `decode`, `encode` or `write`.
    public var stage: String {
      switch self {
      case .readFailed: "read"
      case .decodeFailed: "decode"
      case .encodeFailed: "encode"
      case .writeFailed: "write"
      }
    }

    /// The file or URL the failure is about.
    public var source: String {
      switch self {
      case .readFailed(let source, _), .decodeFailed(let source, _), .encodeFailed(let source, _):
        source
      case .writeFailed(let path, _, _): path
      }
    }

    /// The reason alone, without the source.
    public var reason: String {
      switch self {
      case .readFailed(_, let reason), .encodeFailed(_, let reason), .writeFailed(_, let reason, _):
        reason
      case .decodeFailed(_, let error): error.description
      }
    }

    /// One line: the source and the reason, e.g. `bad.png: not a PNG file`.
    public var description: String {
      switch self {
      case .readFailed: "\(source): cannot read: \(reason)"
      case .decodeFailed: "\(source): \(reason)"
      case .encodeFailed: "\(source): cannot encode thumbnail: \(reason)"
      case .writeFailed: "\(source): cannot write: \(reason)"
      }
    }
  }
}

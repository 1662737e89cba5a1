import CSpriteCurl

/// Initialises libcurl once per process, before the first transfer.
enum CurlGlobal {
  /// True when `curl_global_init` succeeded; evaluated lazily and exactly once.
  static let isInitialized: Bool = CSpriteCurl_global_init() == .OK
}

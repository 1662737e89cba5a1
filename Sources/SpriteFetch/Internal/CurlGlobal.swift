import CSpriteCurl

/// Loads and initialises libcurl once per process, before the first transfer.
enum CurlGlobal {
  /// True when libcurl was loaded and `curl_global_init` succeeded; evaluated lazily, once.
  static let isInitialized: Bool = CSpriteCurl_global_init() == .OK

  /// Starts loading libcurl on a new thread, so that a first transfer made later finds it ready
  /// (loading it and its dependencies takes a few milliseconds). Returns at once.
  static func loadInBackground() {
    DetachedThread.start(name: "SpriteFetch.curl-load") { _ = isInitialized }
  }

  /// Why a transfer could not start, for the error message: the library, or `what` of it.
  static func unavailable(_ what: String) -> String {
    isInitialized
      ? "could not create a libcurl \(what)"
      : "libcurl (libcurl.so.4, 7.68 or later) could not be loaded or initialised"
  }
}

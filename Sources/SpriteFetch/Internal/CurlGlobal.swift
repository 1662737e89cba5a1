import CSpriteCurl

/// Initialises libcurl once per process, before the first transfer (a lazy global, as
/// corelibs-foundation does).
enum CurlGlobal {
  /// True when `curl_global_init` succeeded; evaluated lazily, once.
  static let isInitialized: Bool = CSpriteCurl_global_init() == .OK

  /// Why a transfer could not start, for the error message: the library, or `what` of it.
  static func unavailable(_ what: String) -> String {
    isInitialized ? "could not create a libcurl \(what)" : "libcurl could not be initialised"
  }
}

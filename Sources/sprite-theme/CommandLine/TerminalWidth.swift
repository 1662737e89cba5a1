#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The width help is wrapped to: `COLUMNS`, else the terminal's width, else 80.
enum TerminalWidth {
  /// The width used when neither `COLUMNS` nor a terminal says otherwise.
  static let fallback = 80

  /// The width for standard output now.
  static var current: Int {
    if let text = getenv("COLUMNS").map({ String(cString: $0) }), let columns = Int(text),
      columns > 0
    {
      return columns
    }
    var size = winsize()
    #if canImport(Darwin)
      let status = ioctl(STDOUT_FILENO, TIOCGWINSZ, &size)
    #else
      let status = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size)
    #endif
    if status == 0, size.ws_col > 0 { return Int(size.ws_col) }
    return fallback
  }
}

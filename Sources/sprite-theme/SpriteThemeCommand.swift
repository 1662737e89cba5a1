import ArgumentParser
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(Glibc)
  /// The C library's `exit`, named apart from ArgumentParser's `exit(withError:)`.
  private let processExit: @Sendable (Int32) -> Never = Glibc.exit
#elseif canImport(Musl)
  private let processExit: @Sendable (Int32) -> Never = Musl.exit
#elseif canImport(Darwin)
  private let processExit: @Sendable (Int32) -> Never = Darwin.exit
#endif
import SpriteFetch
import SpriteTheme

/// The `sprite-theme` command: subcommands for single-file analysis and thumbnails.
@main
struct SpriteThemeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sprite-theme",
    abstract: "Turn PNG sprites into colour data, theme JSON and thumbnails.",
    discussion: """
      Colours follow the SpriteTheme contract: 8-bit straight-alpha RGBA from the PNG (no colour \
      management), averages in linear light and in encoded sRGB, transparent pixels never darken.

      Exit codes: 0 success, 1 an input failed, 2 usage error, 3 fatal (output not writable), \
      130 interrupted.
      """,
    version: SpriteThemeVersion.current,
    subcommands: [Analyze.self, Batch.self, Fetch.self, ThumbnailCommand.self])

  /// Parses the arguments, runs the subcommand and exits with the SPEC's exit codes.
  static func main() {
    ignoreBrokenPipes()
    // `fetch` needs libcurl: load it on another core while the arguments are parsed.
    if CommandLine.arguments.dropFirst().first == "fetch" {
      CurlDataLoader.loadLibraryInBackground()
    }
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      exit(withSpecCode: error)
    }
  }

  /// Prints `error` as ArgumentParser would, but with exit code 2 for usage errors (not 64).
  private static func exit(withSpecCode error: any Error) -> Never {
    let code = exitCode(for: error)
    let message = fullMessage(for: error)
    if !message.isEmpty {
      if code == .success {
        print(message)
      } else {
        Diagnostics.write(message)
      }
    }
    switch code {
    case .success: processExit(ExitCodes.success)
    case .validationFailure: processExit(ExitCodes.usage)
    default: processExit(code.rawValue)
    }
  }
}

import Foundation
import SystemPackage

/// A fresh, empty scratch folder for one input: `SPRITETHEME_FUZZ_SCRATCH` (the script's, on
/// tmpfs) or one under the temporary folder, emptied before every input.
enum Scratch {
  /// The folder, created once.
  static let folder: FilePath = {
    let base =
      ProcessInfo.processInfo.environment["SPRITETHEME_FUZZ_SCRATCH"]
      ?? NSTemporaryDirectory() + "spritetheme-fuzz-\(getpid())"
    return FilePath(base).appending("work")
  }()

  /// The folder, emptied.
  static func empty() -> FilePath {
    try? FileManager.default.removeItem(atPath: folder.string)
    try! FileManager.default.createDirectory(
      atPath: folder.string, withIntermediateDirectories: true)
    return folder
  }
}

#if FUZZING
  /// The target named by `SPRITETHEME_FUZZ_TARGET` (`state` or `merge`).
  let fuzzTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["SPRITETHEME_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
      fatalError("set SPRITETHEME_FUZZ_TARGET to one of: state, merge")
    }
    return target
  }()

  /// libFuzzer's entry point: one input.
  @_cdecl("LLVMFuzzerTestOneInput")
  func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    fuzzTarget.run(bytes, scratch: Scratch.empty())
    return 0
  }

  /// libFuzzer's driver, started from the executable's `main` (SwiftPM links an executable
  /// target's entry point as `<module>_main`; libFuzzer's own `main` is not linked then).
  @_silgen_name("LLVMFuzzerRunDriver")
  func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt

  /// The executable's entry point under libFuzzer.
  @_cdecl("sprite_theme_fuzz_main")
  func fuzzMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  ) -> CInt {
    var argc = argc
    var argv = argv
    return runDriver(&argc, &argv, fuzzOne)
  }
#else
  /// Without libFuzzer: replays inputs, `sprite-theme-fuzz TARGET FILE...`, each file one input
  /// (a finding's input, to debug it).
  @main
  struct Replay {
    /// Runs each file through the target named first.
    static func main() throws {
      let arguments = CommandLine.arguments.dropFirst()
      guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
        print("usage: sprite-theme-fuzz state|merge FILE...")
        exit(2)
      }
      for file in arguments.dropFirst() {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        target.run(bytes, scratch: Scratch.empty())
        print("\(file): ok")
      }
      try? FileManager.default.removeItem(atPath: Scratch.folder.removingLastComponent().string)
    }
  }
#endif

import CSpriteArguments
import Testing

/// The command line `CSpriteArguments` captures at start-up, which the release build's Swift
/// runtime reads `CommandLine.arguments` from (see the target's header).
@Suite struct ArgumentCaptureTests {
  #if os(Linux)
    /// The captured `argv` is this process's command line, argument for argument: compared with
    /// `CommandLine.arguments`, which this (debug) build's shared Swift runtime still finds on
    /// its own, by reading the process's memory map.
    @Test func capturedArgumentsAreThisProcesssCommandLine() throws {
      var count: Int32 = -1
      let argv = try #require(CSpriteArguments_arguments(&count))
      let captured = (0..<Int(count)).map { String(cString: argv[$0]!) }
      #expect(!captured.isEmpty)
      #expect(captured == CommandLine.arguments)
      #expect(argv[Int(count)] == nil, "argv ends with a null pointer")
    }
  #endif
}

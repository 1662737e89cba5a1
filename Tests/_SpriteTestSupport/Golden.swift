import Foundation
import Testing

/// Golden-file comparison: `RECORD_GOLDENS=1` rewrites the files instead of comparing.
public enum Golden {
  /// True when the run should record goldens rather than check them.
  public static var isRecording: Bool {
    ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
  }

  /// Compares `text` with `Goldens/<name>` beside the calling test file, or records it.
  public static func assertMatches(
    _ text: String, named name: String, filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
      .appendingPathComponent("Goldens")
    assertMatches(
      text, file: directory.appendingPathComponent(name), sourceLocation: sourceLocation)
  }

  /// Compares `text` with the file at `url`, or records it there when recording.
  public static func assertMatches(
    _ text: String, file url: URL, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if isRecording {
      try? FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      #expect(throws: Never.self, sourceLocation: sourceLocation) {
        try Data(text.utf8).write(to: url, options: .atomic)
      }
      return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record(
        "golden \(url.lastPathComponent) is missing; run with RECORD_GOLDENS=1 to create it",
        sourceLocation: sourceLocation)
      return
    }
    #expect(
      text == expected, "differs from golden \(url.lastPathComponent)",
      sourceLocation: sourceLocation)
  }
}

import Foundation
import Testing

/// Tests that need more than the toolchain and the system libraries the package builds
/// against: packages from PyPI (jsonschema, tinycss2, Selenium, PySpark) in throwaway venvs,
/// headless Chromium with its driver, or Java for Spark, some of them installed with apt-get
/// when missing. They run under `scripts/test.sh` (which sets `SPRITETHEME_EXTERNAL_TESTS=1`,
/// as CI does) or under `CI=true`; a plain `swift test` lists them as skipped, saying how to
/// run them, so it needs no network and installs nothing. When they run, a missing tool is a
/// failure, never a skip.
public enum ExternalTools {
  /// The environment variable that turns them on (`1`).
  public static let variable = "SPRITETHEME_EXTERNAL_TESTS"

  /// True when the tests that need external tools run: `SPRITETHEME_EXTERNAL_TESTS=1`, or CI.
  public static var enabled: Bool {
    Fixtures.isCI || ProcessInfo.processInfo.environment[variable] == "1"
  }

  /// Why they were skipped and how to run them.
  public static let skipReason =
    "needs PyPI packages, Chromium or Java (may install them): run scripts/test.sh, "
    + "or set \(variable)=1 for swift test"
}

extension Trait where Self == ConditionTrait {
  /// Runs the test or suite only when ``ExternalTools/enabled``; otherwise it is skipped with
  /// ``ExternalTools/skipReason``.
  public static var externalTools: Self {
    .enabled(if: ExternalTools.enabled, Comment(rawValue: ExternalTools.skipReason))
  }
}

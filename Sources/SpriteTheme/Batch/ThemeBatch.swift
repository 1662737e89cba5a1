/// The name `ThemeFetch` and the command line still use for the engine's fatal error, until the
/// download side moves to its own module on ``ThemeEngine``.
public enum ThemeBatch {
  /// ``ThemeEngine/Fatal``.
  public typealias Fatal = ThemeEngine.Fatal
}

/// The version printed by `--version` and sent as the User-Agent.
enum SpriteThemeVersion {
  /// The current release.
  static let current = "0.1.0"
}

/// Choices that shape some formats' files; the defaults suit most apps.
public struct ExportOptions: Hashable, Sendable {
  /// What besides `prefers-color-scheme: dark` turns the CSS export's dark roles on.
  public enum CSSDarkSwitch: String, CaseIterable, Hashable, Sendable {
    /// A `dark` class on an ancestor (`<html class="dark">`), as Tailwind's class strategy.
    case `class`
    /// A `data-theme="dark"` attribute on an ancestor.
    case attribute

    /// The selector of the ancestor that switches a sprite's class to dark.
    var ancestor: String {
      switch self {
      case .class: ".dark"
      case .attribute: "[data-theme=dark]"
      }
    }
  }

  /// The CSS export's dark switch besides the media query.
  public var cssDark: CSSDarkSwitch

  /// Options as given.
  public init(cssDark: CSSDarkSwitch = .class) {
    self.cssDark = cssDark
  }
}

/// The four roles spec 2025 adds to the 49 of a Theme Builder export (material-color-utilities
/// `MaterialDynamicColors.primaryDim` and its siblings, `typescript/dynamiccolor/color_spec_2025.ts`):
/// a darker accent, 5 tones below its accent or more, that keeps 4.5:1 on surfaceContainerHigh.
public enum MaterialDimRole: Int, CaseIterable, Hashable, Sendable {
  /// A darker primary.
  case primaryDim
  /// A darker secondary.
  case secondaryDim
  /// A darker tertiary.
  case tertiaryDim
  /// A darker error.
  case errorDim

  /// The role's camelCase name, e.g. `primaryDim`.
  public var name: String { String(describing: self) }

  /// The role of a camelCase name, or nil for an unknown name.
  public init?(name: String) {
    guard let role = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = role
  }

  /// The accent the role darkens.
  var accent: MaterialRole {
    switch self {
    case .primaryDim: .primary
    case .secondaryDim: .secondary
    case .tertiaryDim: .tertiary
    case .errorDim: .error
    }
  }

  /// The palette the role takes its colour from.
  var palette: RoleSpec.Palette {
    switch self {
    case .primaryDim: .primary
    case .secondaryDim: .secondary
    case .tertiaryDim: .tertiary
    case .errorDim: .error
    }
  }
}

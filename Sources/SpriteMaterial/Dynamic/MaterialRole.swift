/// The 49 colour roles of a Material Theme Builder export, in its order (the raw value); ``name``
/// is the export's camelCase name (material-color-utilities `MaterialDynamicColors`).
public enum MaterialRole: Int, CaseIterable, Hashable, Sendable {
  /// The main accent colour: key components, prominent buttons.
  case primary
  /// The tint of elevated surfaces (the primary colour).
  case surfaceTint
  /// Text and icons on primary.
  case onPrimary
  /// A less prominent fill in the primary hue.
  case primaryContainer
  /// Text and icons on primaryContainer.
  case onPrimaryContainer
  /// The second accent colour: less prominent components.
  case secondary
  /// Text and icons on secondary.
  case onSecondary
  /// A less prominent fill in the secondary hue.
  case secondaryContainer
  /// Text and icons on secondaryContainer.
  case onSecondaryContainer
  /// A contrasting accent that balances primary and secondary.
  case tertiary
  /// Text and icons on tertiary.
  case onTertiary
  /// A less prominent fill in the tertiary hue.
  case tertiaryContainer
  /// Text and icons on tertiaryContainer.
  case onTertiaryContainer
  /// The colour of errors.
  case error
  /// Text and icons on error.
  case onError
  /// A less prominent fill for errors.
  case errorContainer
  /// Text and icons on errorContainer.
  case onErrorContainer
  /// The page background (same tone as surface).
  case background
  /// Text and icons on background.
  case onBackground
  /// The default surface.
  case surface
  /// Text and icons on any surface.
  case onSurface
  /// A surface with a little more chroma (neutral variant).
  case surfaceVariant
  /// Lower-emphasis text and icons on surfaces.
  case onSurfaceVariant
  /// Borders and dividers that must be seen.
  case outline
  /// Decorative borders and dividers.
  case outlineVariant
  /// Shadows (tone 0).
  case shadow
  /// Scrims behind modal content (tone 0).
  case scrim
  /// A surface in the opposite theme's tone (snackbars).
  case inverseSurface
  /// Text and icons on inverseSurface.
  case inverseOnSurface
  /// The primary colour for use on inverseSurface.
  case inversePrimary
  /// A primary fill with the same tone in light and dark themes.
  case primaryFixed
  /// Text and icons on primaryFixed and primaryFixedDim.
  case onPrimaryFixed
  /// A darker primaryFixed.
  case primaryFixedDim
  /// Lower-emphasis text and icons on the primary fixed fills.
  case onPrimaryFixedVariant
  /// A secondary fill with the same tone in light and dark themes.
  case secondaryFixed
  /// Text and icons on secondaryFixed and secondaryFixedDim.
  case onSecondaryFixed
  /// A darker secondaryFixed.
  case secondaryFixedDim
  /// Lower-emphasis text and icons on the secondary fixed fills.
  case onSecondaryFixedVariant
  /// A tertiary fill with the same tone in light and dark themes.
  case tertiaryFixed
  /// Text and icons on tertiaryFixed and tertiaryFixedDim.
  case onTertiaryFixed
  /// A darker tertiaryFixed.
  case tertiaryFixedDim
  /// Lower-emphasis text and icons on the tertiary fixed fills.
  case onTertiaryFixedVariant
  /// The dimmest surface.
  case surfaceDim
  /// The brightest surface.
  case surfaceBright
  /// The lowest-emphasis surface container.
  case surfaceContainerLowest
  /// A low-emphasis surface container.
  case surfaceContainerLow
  /// The default surface container.
  case surfaceContainer
  /// A high-emphasis surface container.
  case surfaceContainerHigh
  /// The highest-emphasis surface container.
  case surfaceContainerHighest

  /// The role's camelCase name in a Theme Builder export, e.g. `onPrimaryContainer`.
  public var name: String { Self.names[rawValue] }

  /// The role of a camelCase name, or nil for an unknown name.
  public init?(name: String) {
    guard let index = Self.names.firstIndex(of: name) else { return nil }
    self.init(rawValue: index)
  }

  private static let names: [String] = allCases.map { String(describing: $0) }

  /// The number of roles (``allCases`` builds an array on every call).
  static let count = allCases.count
}

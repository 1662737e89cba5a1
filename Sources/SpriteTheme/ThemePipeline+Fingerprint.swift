import SpriteCore

extension ThemePipeline.Configuration {
  /// Every option that shapes a theme, spelled out field by field in a fixed form, e.g.
  /// `extent=centre(0.125) limits=16384,67108864 palette=8 text=minimum-alpha
  /// variant=tonalSpot greys=monochrome contrast=0.0 spec=2021` (then `exclude=#ff00ff~2.0` when
  /// colours are excluded): part of the key that tells a re-run which files are up to date, so
  /// it changes exactly when an option changes and never with how a type prints itself.
  public var fingerprint: String {
    let greys = monochromeForGreys ? "greys=monochrome " : ""
    let options =
      "extent=\(Self.fingerprint(of: extent)) limits=\(limits.maxSide),\(limits.maxPixels) "
      + "palette=\(paletteSize) text=\(textMode.rawValue) variant=\(variant.rawValue) "
    let exclude = exclusion.isEmpty ? "" : " exclude=\(exclusion.canonical)"
    return options + greys + "contrast=\(contrastLevel) spec=\(spec.rawValue)" + exclude
  }

  /// The extent's case and numbers, each number in its shortest exact decimal form.
  private static func fingerprint(of extent: Extent) -> String {
    switch extent {
    case .centre(let fraction): "centre(\(fraction))"
    case .seed: "seed"
    case .full: "full"
    case .rect(let x, let y, let width, let height): "rect(\(x),\(y),\(width),\(height))"
    case .coreImage(let x, let y, let width, let height):
      "coreImage(\(x),\(y),\(width),\(height))"
    }
  }
}

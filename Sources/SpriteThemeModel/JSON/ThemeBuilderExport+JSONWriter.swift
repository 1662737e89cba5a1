import SpriteMaterial

/// `sprite-theme scheme --json`: a source colour's schemes in the layout of a Material Theme
/// Builder export, so a diff against an export from the web tool is clean.
extension ThemeEncoder {
  /// The UTF-8 JSON bytes of `export`, ending in a newline: `seed`, `variant` and `spec`, then
  /// `schemes` (six, roles in export order) and `palettes` (tones in ascending order), colours
  /// as upper-case `#RRGGBB` as Theme Builder writes them.
  ///
  /// Keys keep Theme Builder's order rather than being sorted: the file is meant to be read
  /// beside, and compared with, the tool's own exports.
  public static func encode(_ export: ThemeBuilderExport) -> [UInt8] {
    var writer = JSONWriter(capacity: 16_384)
    writer.write(export)
    writer.finish()
    return writer.bytes
  }
}

extension JSONWriter {
  /// Writes a Theme Builder export document.
  mutating func write(_ export: ThemeBuilderExport) {
    beginObject()
    key("seed")
    value(export.source.hex.uppercased())
    key("variant")
    value(export.variant.rawValue)
    key("spec")
    value(export.spec.rawValue)
    key("schemes")
    beginObject()
    for scheme in export.schemes {
      key(named: scheme.key)
      beginObject()
      for (role, hex) in scheme.colors.hexByRole {
        key(named: role)
        value(hex)
      }
      endObject()
    }
    endObject()
    key("palettes")
    beginObject()
    for palette in export.palettes.colors {
      key(named: palette.name)
      beginObject()
      for (tone, color) in palette.tones {
        key(named: String(tone))
        value(color.hex.uppercased())
      }
      endObject()
    }
    endObject()
    endObject()
  }
}

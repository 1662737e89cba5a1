import SpriteMaterial

/// `sprite-theme scheme --json`: a source colour's schemes in the layout of a Material Theme
/// Builder export, so a diff against an export from the web tool is clean.
extension ThemeEncoder {
  /// The UTF-8 JSON bytes of `export`, ending in a newline: Theme Builder's `description`,
  /// `seed`, `coreColors` (`primary`, the seed: the one core colour a seeded export names) and
  /// `extendedColors` (none), then `variant`, `spec`, `schemes` (six, roles in export order) and
  /// `palettes` (tones in ascending order), colours as upper-case `#RRGGBB` as Theme Builder
  /// writes them.
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
    let seed = export.source.hex.uppercased()
    beginObject()
    // Theme Builder writes "TYPE: CUSTOM" and its tool and date; the date is left out so that
    // the same colour always gives the same bytes.
    key("description")
    value("TYPE: CUSTOM\nsprite-theme scheme export of \(seed), variant \(export.variant.rawValue)")
    key("seed")
    value(seed)
    key("coreColors")
    beginObject()
    key("primary")
    value(seed)
    endObject()
    key("extendedColors")
    beginArray()
    endArray()
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

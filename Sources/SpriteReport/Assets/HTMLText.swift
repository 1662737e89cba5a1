/// Escaping for text placed in HTML (element content and quoted attribute values), after the
/// HTML Standard's serialisation rules: `&`, `<`, `>`, `"` and `'` become character references.
enum HTMLText {
  /// `text` safe to place between tags or inside a quoted attribute.
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}

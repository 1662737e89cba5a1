/// Names as lists of lower-case words, and the case conventions the platforms spell them in.
public enum IdentifierWords {
  /// Splits a camelCase key at its capitals (`surfaceContainerHigh` → `surface`, `container`,
  /// `high`).
  public static func split(camelCase key: String) -> [String] {
    var words = [String]()
    var current = ""
    for character in key {
      if character.isUppercase, !current.isEmpty {
        words.append(current)
        current = ""
      }
      current.append(contentsOf: character.lowercased())
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  /// Splits a sprite name at every character outside ASCII letters and digits
  /// (`crawl-black.cat_2` → `crawl`, `black`, `cat`, `2`); upper-case letters are lowered.
  public static func split(name: String) -> [String] {
    var words = [String]()
    var current = ""
    for scalar in name.unicodeScalars {
      if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
        current.unicodeScalars.append(contentsOf: String(scalar).lowercased().unicodeScalars)
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }
}

/// The spelling of a list of words in one platform's convention.
public enum CaseConvention: Sendable {
  /// `crawl-black-cat` (CSS, Tailwind, SCSS, DTCG).
  case kebab
  /// `crawl_black_cat` (Android resources).
  case snake
  /// `crawlBlackCat` (Swift, Kotlin and Dart members).
  case camel
  /// `CrawlBlackCat` (types, asset names).
  case pascal

  /// `words` joined in this convention.
  public func join(_ words: [String]) -> String {
    switch self {
    case .kebab: return words.joined(separator: "-")
    case .snake: return words.joined(separator: "_")
    case .camel:
      guard let first = words.first else { return "" }
      return first + words.dropFirst().map(Self.capitalised).joined()
    case .pascal: return words.map(Self.capitalised).joined()
    }
  }

  /// The word with its first letter in upper case.
  private static func capitalised(_ word: String) -> String {
    word.prefix(1).uppercased() + word.dropFirst()
  }
}

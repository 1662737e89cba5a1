/// Latin letters with accents (U+00C0 to U+024F) folded to lowercase ASCII, for file names:
/// `é` is `e`, `Ø` is `o`, `ß` is `ss`.
///
/// The table was generated from the Unicode compatibility decompositions (NFKD, combining marks
/// dropped, lowercased), with letters that have no decomposition (`ø`, `đ`, `ł`, `ß`, `æ`, `þ`)
/// given their usual transliteration. Foundation's `folding(options: .diacriticInsensitive)` is
/// not part of FoundationEssentials.
enum LatinFolding {
  /// The first scalar the table covers.
  private static let first: UInt32 = 0xC0
  /// One letter per scalar from U+00C0; `.` where the scalar has none or needs several (below).
  private static let letters = Array(
    ("aaaaaa.ceeeeiiiidnooooo.ouuuuy..aaaaaa.ceeeeiiiidnooooo.ouuuuy.yaaaaaaccccccccddddeeeeeeeeee"
      + "gggggggghhhhiiiiiiiiii..jjkkkllllllllllnnnnnn.nnoooooo..rrrrrrssssssssttttttuuuuuuuuuuuu"
      + "wwyyyzzzzzzsb.................f.............oo.............uu..........................."
      + ".aaiioouuuuuuuuuu.aaaa....ggkkoooo..j...gg..nnaa....aaaaeeeeiiiioooorrrruuuusstt..hh......"
      + "aaeeooooooooyy............................").utf8)
  /// The scalars that fold to two letters.
  private static let pairs: [UInt32: String] = [
    0xC6: "ae", 0xDE: "th", 0xDF: "ss", 0xE6: "ae", 0xFE: "th", 0x132: "ij", 0x133: "ij",
    0x152: "oe", 0x153: "oe", 0x1C4: "dz", 0x1C5: "dz", 0x1C6: "dz", 0x1C7: "lj", 0x1C8: "lj",
    0x1C9: "lj", 0x1CA: "nj", 0x1CB: "nj", 0x1CC: "nj", 0x1F1: "dz", 0x1F2: "dz", 0x1F3: "dz",
  ]

  /// The lowercase ASCII letters for `scalar`, or nil when the table does not cover it.
  static func ascii(for scalar: Unicode.Scalar) -> String? {
    let value = scalar.value
    guard value >= first, value - first < UInt32(letters.count) else { return nil }
    let letter = letters[Int(value - first)]
    if letter != UInt8(ascii: ".") { return String(UnicodeScalar(letter)) }
    return pairs[value]
  }
}

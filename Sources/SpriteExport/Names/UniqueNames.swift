/// Gives every sprite of an export one identifier in a platform's convention, unique within the
/// file: never empty, never starting with a digit, never a reserved word, and never producing a
/// name (alone or joined with one of its colours' names) that an earlier sprite already
/// produced. Clashes get `2`, `3`, ... appended, sprites taken in the order given (sorted by
/// name), so the result is deterministic. A sprite's part of a name is at most
/// ``maxLength`` bytes, so every file name made from it (a colour set, a token file) stays far
/// below the 255 bytes file systems allow.
public struct UniqueNames {
  /// The most bytes of a sprite's identifier before any clash number: longer names are cut at
  /// this length (then told apart by number like any clash).
  public static let maxLength = 96

  /// The convention names are spelled in.
  public let convention: CaseConvention
  /// Words no identifier may be (compared as spelled).
  public let reserved: Set<String>
  /// Every name produced so far.
  private var taken = Set<String>()

  /// A namer for one file.
  public init(_ convention: CaseConvention, reserved: Set<String> = []) {
    self.convention = convention
    self.reserved = reserved
  }

  /// The identifier's words for the sprite `name`: its words, with `sprite` in front when that
  /// would be empty, begin with a digit or be reserved, and a number after on a clash.
  ///
  /// - Parameter joined: The words of the colours whose names are the sprite's joined with
  ///   theirs in the same namespace (`cat` + `on-primary`); empty when they are nested under it.
  public mutating func words(for name: String, joined: [[String]] = []) -> [String] {
    var base = shortened(IdentifierWords.split(name: name))
    if base.isEmpty || base[0].first!.isNumber || reserved.contains(convention.join(base)) {
      base.insert("sprite", at: 0)
    }
    var candidate = base
    var number = 1
    while true {
      let names = [convention.join(candidate)] + joined.map { convention.join(candidate + $0) }
      if !names.contains(where: { taken.contains($0) || reserved.contains($0) }) {
        taken.formUnion(names)
        return candidate
      }
      number += 1
      candidate = base + [String(number)]
    }
  }

  /// The first `words` whose spelling in the convention fits ``maxLength`` bytes, the last one
  /// cut to fit (the words are ASCII, ``IdentifierWords/split(name:)``).
  private func shortened(_ words: [String]) -> [String] {
    guard convention.join(words).utf8.count > Self.maxLength else { return words }
    var kept = [String]()
    for word in words {
      let room = Self.maxLength - convention.join(kept + [""]).utf8.count
      guard room > 0 else { break }
      kept.append(String(word.prefix(room)))
      if word.count > room { break }
    }
    return kept
  }

  /// ``words(for:joined:)`` spelled in the convention.
  public mutating func name(for name: String, joined: [[String]] = []) -> String {
    convention.join(words(for: name, joined: joined))
  }
}

extension ExportTheme {
  /// The words of every colour name of the sprite: its own colours and the Material roles.
  var allTokenWords: [[String]] {
    (colors + (material?.light ?? [])).map(\.words)
  }
}

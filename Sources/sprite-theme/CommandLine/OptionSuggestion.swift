/// The "Did you mean …?" guess for a mistyped option: the closest known name by edit distance.
enum OptionSuggestion {
  /// The most edits a suggested name may be from what was typed (ArgumentParser's threshold).
  static let maximumDistance = 3

  /// The name in `names` fewest edits from `written`, if it is at most ``maximumDistance`` away.
  static func closest(to written: String, among names: [String]) -> String? {
    let scored = names.map { (name: $0, distance: editDistance($0, written)) }
    return scored.filter { $0.distance <= maximumDistance }.min { $0.distance < $1.distance }?.name
  }

  /// The Levenshtein distance: insertions, deletions and substitutions to turn `a` into `b`.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let b = Array(b)
    var previous = Array(0...b.count)
    for (i, letter) in a.enumerated() {
      var current = [i + 1]
      for (j, other) in b.enumerated() {
        let substitution = previous[j] + (letter == other ? 0 : 1)
        current.append(min(substitution, previous[j + 1] + 1, current[j] + 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}

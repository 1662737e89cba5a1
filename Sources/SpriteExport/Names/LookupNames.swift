/// The names the code exports look sprites up by at run time: the sprite's own name (its theme
/// file's name, so `SpriteTheme.named("bulbasaur")` takes a name as an API returns it), with
/// ` 2`, ` 3`, ... appended to a name an earlier sprite already has (themes of the same name
/// from different folders), never a name another sprite has.
enum LookupNames {
  /// One unique name per entry of `names`, in order.
  static func names(for names: [String]) -> [String] {
    var taken = Set(names)
    var seen = Set<String>()
    return names.map { name in
      guard !seen.insert(name).inserted else { return name }
      var number = 2
      while taken.contains("\(name) \(number)") { number += 1 }
      taken.insert("\(name) \(number)")
      return "\(name) \(number)"
    }
  }
}

extension Palette {
  /// The most populous entry of the pixels off `ring` (SPEC section 4, `dominant`): the body's
  /// colour, not the outline's.
  ///
  /// Each ring colour's weight is taken from its nearest entry in OKLab (where the palette put
  /// it); the entry with the most weight left wins, ties in the palette's order. When nothing is
  /// left (a sprite that is all ring) it is ``dominant``, the most populous entry.
  ///
  /// - Complexity: O(*r* · *k*) for *r* ring colours and *k* entries.
  public func bodyDominant(outside ring: OutlineRing) -> Entry? {
    guard !entries.isEmpty else { return nil }
    let centres = entries.map(\.oklab)
    var body = entries.map(\.weight)
    for (key, weight) in zip(ring.keys, ring.weights) {
      let colour = OKLab(OutlineRing.color(of: key))
      var nearest = 0
      var best = Double.infinity
      for (index, centre) in centres.enumerated() {
        let distance = colour.distanceSquared(to: centre)
        if distance < best { (nearest, best) = (index, distance) }
      }
      body[nearest] -= weight
    }
    var winner = 0
    for index in body.indices where body[index] > body[winner] { winner = index }
    return body[winner] > 0 ? entries[winner] : dominant
  }
}

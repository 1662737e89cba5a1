extension Palette {
  /// The most populous entry of the pixels off `ring` (SPEC section 4, `dominant`): the body's
  /// colour, not the outline's.
  ///
  /// Each ring colour's weight is taken from its nearest entry in OKLab (where the palette put
  /// it); the entry with the most weight left wins, ties in the palette's order. The entry
  /// nearest `outline` (the ring's colour) is passed over while another entry keeps weight:
  /// pixel art shades its body with the outline's black, and a card wants the body's colour
  /// (SPEC: "so the body, not the outline"). When nothing else is left (a sprite that is all
  /// ring, or all of the outline's colour) it is that entry, else ``dominant``.
  ///
  /// - Complexity: O(*r* · *k*) for *r* ring colours and *k* entries.
  public func bodyDominant(outside ring: OutlineRing, outline: RGBA8? = nil) -> Entry? {
    guard !entries.isEmpty else { return nil }
    let centres = entries.map(\.oklab)
    /// The index of the entry nearest `colour` in OKLab.
    func nearest(to colour: OKLab) -> Int {
      var nearest = 0
      var best = Double.infinity
      for (index, centre) in centres.enumerated() {
        let distance = colour.distanceSquared(to: centre)
        if distance < best { (nearest, best) = (index, distance) }
      }
      return nearest
    }
    var body = entries.map(\.weight)
    for (key, weight) in zip(ring.keys, ring.weights) {
      body[nearest(to: OKLab(OutlineRing.color(of: key)))] -= weight
    }
    let outlineEntry = outline.map { nearest(to: OKLab($0)) }
    var winner: Int?
    for index in body.indices where index != outlineEntry && body[index] > 0 {
      if winner.map({ body[index] > body[$0] }) ?? true { winner = index }
    }
    if let winner { return entries[winner] }
    if let outlineEntry, body[outlineEntry] > 0 { return entries[outlineEntry] }
    return dominant
  }
}

extension Palette {
  /// The most populous entry of the pixels off `ring` (SPEC section 4, `dominant`): the body's
  /// colour, not the outline's.
  ///
  /// Each ring colour's weight is taken from its nearest entry in OKLab (where the palette put
  /// it); the entry with the most weight left wins, ties in the palette's order. The entry
  /// nearest `outline` (the ring's colour) is passed over while another entry keeps weight:
  /// pixel art shades its body with the outline's black, and a card wants the body's colour
  /// (SPEC: "so the body, not the outline"). When no other entry keeps weight off the ring (a
  /// thin shape), the most populous other entry; a sprite of the outline's colour alone gets
  /// ``dominant``.
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
    // Every other colour is on the ring (thin shapes): the most populous of them still.
    if let other = entries.indices.first(where: { $0 != outlineEntry && entries[$0].weight > 0 }) {
      return entries[other]
    }
    return dominant
  }
}

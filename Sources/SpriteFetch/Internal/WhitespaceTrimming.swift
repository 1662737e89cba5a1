extension StringProtocol {
  /// The text without leading and trailing spaces and tabs (Unicode whitespace that is not a line
  /// break), as Foundation's `trimmingCharacters(in: .whitespaces)` gives.
  package func trimmingWhitespace() -> String {
    guard let first = firstIndex(where: { !Self.isBlank($0) }),
      let last = lastIndex(where: { !Self.isBlank($0) })
    else { return "" }
    return String(self[first...last])
  }

  private static func isBlank(_ character: Character) -> Bool {
    character.isWhitespace && !character.isNewline
  }
}

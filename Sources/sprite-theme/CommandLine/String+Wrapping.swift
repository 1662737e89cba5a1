extension String {
  /// The text broken into lines shorter than `columns` at spaces (a longer word stays whole),
  /// keeping its own line breaks, with every non-empty line indented by `indent` spaces.
  ///
  /// The same rule as ArgumentParser's help, so help texts keep their line breaks.
  func wrapped(to columns: Int, indent: Int = 0) -> String {
    let width = Swift.max(1, columns - indent)
    var lines: [Substring] = []
    var start = startIndex
    while true {
      let chunk = self[start...].prefix(width)
      if let lastBreak = chunk.lastIndex(of: "\n") {
        lines += self[start..<lastBreak].split(separator: "\n", omittingEmptySubsequences: false)
        start = index(after: lastBreak)
      } else if chunk.endIndex == endIndex {
        lines.append(self[start...])
        break
      } else if let lastSpace = chunk.lastIndex(of: " ") {
        lines.append(self[start..<lastSpace])
        start = index(after: lastSpace)
      } else if let nextSpace = self[start...].firstIndex(of: " ") {
        lines.append(self[start..<nextSpace])
        start = index(after: nextSpace)
      } else {
        lines.append(self[start...])
        break
      }
    }
    let margin = String(repeating: " ", count: indent)
    return lines.map { $0.isEmpty ? "" : margin + $0 }.joined(separator: "\n")
  }
}

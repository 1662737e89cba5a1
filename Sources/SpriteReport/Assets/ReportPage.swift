/// The report's `index.html`: the page frame (heading, search, sort, the light/dark toggle and
/// the empty grid). The cards are drawn by `report.js` from `data.js`, only those on screen.
enum ReportPage {
  /// The page for an output directory called `title` (HTML-escaped here).
  static func html(title: String) -> String {
    let name = HTMLText.escape(title)
    return """
      <!doctype html>
      <html lang="en" data-mode="light">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="generator" content="sprite-theme report">
      <title>Sprite report: \(name)</title>
      <link rel="stylesheet" href="report.css">
      </head>
      <body>
      <header class="bar">
        <h1>Sprite report: <span class="folder">\(name)</span></h1>
        <div class="controls">
          <label>Search <input id="search" type="search" placeholder="sprite name" autocomplete="off" spellcheck="false"></label>
          <label>Sort by <select id="sort">
            <option value="name">name</option>
            <option value="hue">hue</option>
            <option value="lightness">lightness</option>
          </select></label>
          <button id="mode" type="button" aria-pressed="false">Dark page and schemes</button>
          <output id="count" aria-live="polite"></output>
        </div>
      </header>
      <main>
        <details id="failures" hidden><summary></summary><ul></ul></details>
        <p id="empty" class="note" hidden>No sprite matches the search.</p>
        <div id="grid" role="list" aria-label="Sprites"></div>
        <noscript><p class="note">The cards are drawn by JavaScript; please enable it.</p></noscript>
      </main>
      <script src="data.js"></script>
      <script src="report.js"></script>
      </body>
      </html>

      """
  }
}

/// Escaping for text placed in HTML (element content and quoted attribute values), after the
/// HTML Standard's serialisation rules: `&`, `<`, `>`, `"` and `'` become character references.
enum HTMLText {
  /// `text` safe to place between tags or inside a quoted attribute.
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}

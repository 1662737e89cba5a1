/// The report's `report.css`. Page colours meet WCAG 2 AA (4.5:1 for text) in both modes; the
/// colours inside a card are the theme's own. Pictures made larger are drawn with
/// `image-rendering: pixelated` so pixel art stays crisp.
enum ReportStyle {
  /// A card's size in CSS pixels; `report.js` lays the grid out with the same numbers.
  static let cardWidth = 300
  /// See ``cardWidth``.
  static let cardHeight = 456

  /// The stylesheet.
  static let css = """
    :root {
      color-scheme: light;
      --page: #fbfbfd; --text: #1c1b1f; --muted: #46444c; --panel: #ecebf0;
      --line: #77757d; --focus: #0b57d0;
    }
    :root[data-mode="dark"] {
      color-scheme: dark;
      --page: #131316; --text: #e6e1e5; --muted: #c9c5ca; --panel: #24242a;
      --line: #938f96; --focus: #a8c7fa;
    }
    * { box-sizing: border-box; }
    body {
      margin: 0; background: var(--page); color: var(--text);
      font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
    }
    .bar {
      position: sticky; top: 0; z-index: 2; display: flex; flex-wrap: wrap; align-items: center;
      gap: 8px 24px; padding: 10px 16px; background: var(--page);
      border-bottom: 1px solid var(--line);
    }
    h1 { margin: 0; font-size: 18px; }
    .controls { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; }
    input, select, button {
      font: inherit; color: var(--text); background: var(--panel);
      border: 1px solid var(--line); border-radius: 6px; padding: 4px 8px;
    }
    input::placeholder { color: var(--muted); opacity: 1; }
    button { cursor: pointer; }
    button[aria-pressed="true"] { font-weight: 600; }
    :focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
    #count { color: var(--muted); }
    main { padding: 16px; }
    .note { color: var(--muted); }
    #failures { margin: 0 0 16px; color: var(--text); }
    #failures li { color: var(--muted); overflow-wrap: anywhere; }
    #grid { position: relative; }
    .card {
      position: absolute; width: \(cardWidth)px; height: \(cardHeight)px; overflow: hidden;
      display: flex; flex-direction: column; gap: 10px; padding: 12px; border-radius: 12px;
      box-shadow: 0 0 0 1px var(--line);
    }
    .card[data-card="none"] { background: var(--panel); color: var(--text); }
    .head { display: flex; gap: 12px; align-items: center; height: 96px; flex: none; }
    .art { width: 96px; height: 96px; flex: none; display: grid; place-items: center; }
    .art img { display: block; image-rendering: auto; }
    .art img.enlarged { image-rendering: pixelated; }
    .art .missing { font-size: 12px; text-align: center; }
    .about { min-width: 0; display: flex; flex-direction: column; gap: 2px; font-size: 12px; }
    .name { margin: 0; font-size: 18px; font-weight: 700; line-height: 1.2; overflow-wrap: anywhere; }
    .chip { display: flex; align-items: center; gap: 6px; }
    .chip i {
      width: 14px; height: 14px; flex: none; border-radius: 3px;
      box-shadow: 0 0 0 1px currentColor;
    }
    .palette {
      display: flex; height: 26px; flex: none; border-radius: 6px; overflow: hidden;
      box-shadow: 0 0 0 1px currentColor;
    }
    .palette span {
      min-width: 2px; display: flex; align-items: center; justify-content: center;
      font-size: 11px; font-weight: 600; overflow: hidden; white-space: nowrap;
    }
    .swatches { display: grid; grid-template-columns: 1fr 1fr; gap: 6px; flex: none; }
    .swatch { height: 62px; padding: 3px 6px; border-radius: 6px; overflow: hidden; }
    .swatch b {
      display: block; font-size: 19px; font-weight: 700; line-height: 1.25; white-space: nowrap;
    }
    .swatch span { display: block; font-size: 12px; line-height: 1.3; white-space: nowrap; }
    .swatch.none {
      display: flex; align-items: center; font-size: 12px;
      box-shadow: inset 0 0 0 1px currentColor;
    }
    .material { flex: none; }
    .material h3 { margin: 0 0 4px; font-size: 12px; font-weight: 600; }
    .roles { display: grid; grid-template-columns: repeat(4, 1fr); gap: 4px; }
    .role {
      height: 30px; padding: 0 4px; border-radius: 6px; font-size: 11px; line-height: 30px;
      text-align: center; overflow: hidden; white-space: nowrap;
    }
    .strip {
      display: grid; grid-template-columns: repeat(25, 1fr); height: 20px; margin-top: 4px;
      border-radius: 4px; overflow: hidden;
    }
    .strip i { display: block; }

    """
}

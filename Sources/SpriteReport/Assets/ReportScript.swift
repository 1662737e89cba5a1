/// The report's `report.js`: card drawing (``cards``) and the page (``page``): search by name,
/// sort by name, hue or lightness, the light/dark toggle (which also picks the Material scheme
/// shown), and a virtual grid that keeps only the cards on screen in the document.
enum ReportScript {
  /// The whole script.
  static var source: String { cards + page }

  /// The page: reads `window.SPRITE_REPORT` (from `data.js`), lays the grid out in fixed-size
  /// cells and draws the rows on screen as the page scrolls; sets `window.reportFirstCardsAt`
  /// (milliseconds since navigation) once the first cards are drawn.
  static let page = #"""
    // The page: search, sort, light/dark, and a virtual grid that keeps only the cards on screen
    // (plus a row above and below) in the document, so 10,000 sprites stay responsive.
    (function () {
      "use strict";
      var CARD_W = \#(ReportStyle.cardWidth), CARD_H = \#(ReportStyle.cardHeight), GAP = 12;
      var ROW = CARD_H + GAP, COLUMN = CARD_W + GAP;
      var root = document.documentElement;
      var grid = document.getElementById("grid");
      var count = document.getElementById("count");
      var empty = document.getElementById("empty");
      var data = window.SPRITE_REPORT;
      if (!data || !data.sprites) {
        empty.hidden = false;
        empty.textContent = "data.js is missing or damaged: run sprite-theme report again.";
        return;
      }
      var sprites = data.sprites, roles = data.roles;
      var lowerNames = sprites.map(function (s) { return s.name.toLowerCase(); });
      var orders = {};
      var state = { query: "", sort: "name", columns: 1, offset: 0, list: [] };
      var drawn = new Map();  // sprite index -> card element
      var pending = false;

      function byName(a, b) {
        return lowerNames[a] < lowerNames[b] ? -1 : lowerNames[a] > lowerNames[b] ? 1 : a - b;
      }
      // Hue: colours around the wheel, then greys (chroma under 0.02) from dark to light.
      function byHue(a, b) {
        var x = sprites[a], y = sprites[b];
        var gx = x.chroma < 0.02, gy = y.chroma < 0.02;
        if (gx !== gy) return gx ? 1 : -1;
        if (!gx && x.hue !== y.hue) return x.hue - y.hue;
        return x.lightness - y.lightness || byName(a, b);
      }
      function byLightness(a, b) {
        return sprites[a].lightness - sprites[b].lightness || byName(a, b);
      }
      var comparators = { name: byName, hue: byHue, lightness: byLightness };

      function order(key) {
        if (!orders[key]) {
          orders[key] = sprites.map(function (s, i) { return i; }).sort(comparators[key]);
        }
        return orders[key];
      }

      function mode() { return root.getAttribute("data-mode"); }

      function select() {
        var all = order(state.sort), query = state.query.trim().toLowerCase();
        state.list = query ? all.filter(function (i) { return lowerNames[i].indexOf(query) >= 0; })
          : all;
        count.textContent = (query ? state.list.length + " of " : "") + sprites.length
          + (sprites.length === 1 ? " sprite" : " sprites");
        empty.hidden = state.list.length > 0;
        if (sprites.length === 0) empty.textContent = "This output directory has no sprites.";
      }

      function clear() {
        drawn.forEach(function (node) { node.remove(); });
        drawn.clear();
      }

      function layout() {
        state.columns = Math.max(1, Math.floor((grid.clientWidth + GAP) / COLUMN));
        state.offset = Math.max(0, Math.floor((grid.clientWidth + GAP - state.columns * COLUMN) / 2));
        var rows = Math.ceil(state.list.length / state.columns);
        grid.style.height = Math.max(0, rows * ROW - GAP) + "px";
      }

      // Adds the cards of the rows on screen, moves those that stay, removes the rest.
      function draw() {
        pending = false;
        var top = -grid.getBoundingClientRect().top;
        var first = Math.max(0, Math.floor(top / ROW) - 1);
        var last = Math.max(first, Math.floor((top + window.innerHeight) / ROW) + 1);
        var from = first * state.columns;
        var to = Math.min(state.list.length, (last + 1) * state.columns);
        var keep = new Set(), fragment = document.createDocumentFragment(), theMode = mode();
        for (var k = from; k < to; k++) {
          var index = state.list[k], node = drawn.get(index);
          if (!node) {
            node = SpriteCards.card(sprites[index], roles, theMode);
            drawn.set(index, node);
            fragment.appendChild(node);
          }
          node.style.left = state.offset + (k % state.columns) * COLUMN + "px";
          node.style.top = Math.floor(k / state.columns) * ROW + "px";
          keep.add(index);
        }
        drawn.forEach(function (node, index) {
          if (!keep.has(index)) {
            node.remove();
            drawn.delete(index);
          }
        });
        grid.appendChild(fragment);
      }

      function schedule() {
        if (!pending) {
          pending = true;
          window.requestAnimationFrame(draw);
        }
      }

      function redraw() {
        clear();
        layout();
        draw();
      }

      function showFailures() {
        var box = document.getElementById("failures");
        if (!data.failures || data.failures.length === 0) return;
        box.hidden = false;
        box.querySelector("summary").textContent = data.failures.length
          + (data.failures.length === 1 ? " input or theme" : " inputs or themes")
          + " could not be shown";
        var list = box.querySelector("ul");
        data.failures.forEach(function (failure) {
          list.appendChild(document.createElement("li")).textContent =
            failure.source + ": " + failure.message;
        });
      }

      function setMode(next) {
        root.setAttribute("data-mode", next);
        document.getElementById("mode").setAttribute("aria-pressed", String(next === "dark"));
      }

      document.getElementById("search").addEventListener("input", function (event) {
        state.query = event.target.value;
        select();
        if (grid.getBoundingClientRect().top < 0) window.scrollTo(0, 0);
        redraw();
      });
      document.getElementById("sort").addEventListener("change", function (event) {
        state.sort = event.target.value;
        select();
        redraw();
      });
      document.getElementById("mode").addEventListener("click", function () {
        setMode(mode() === "dark" ? "light" : "dark");
        redraw();
      });
      window.addEventListener("scroll", schedule, { passive: true });
      window.addEventListener("resize", function () {
        var before = state.columns;
        layout();
        if (state.columns !== before) clear();
        schedule();
      });

      document.title = data.title ? "Sprite report: " + data.title : document.title;
      if (window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches) {
        setMode("dark");
      }
      showFailures();
      select();
      redraw();
      window.requestAnimationFrame(function () {
        window.reportFirstCardsAt = performance.now();
        root.setAttribute("data-ready", "true");
      });
    })();

    """#
}

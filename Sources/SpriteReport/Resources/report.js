// Draws one sprite's card from its record in data.js. Text goes in with textContent only.
var SpriteCards = (function () {
  "use strict";
  var BOX = 96;
  var SWATCH_LABELS = {
    vibrant: "Vibrant", lightVibrant: "Light vibrant", darkVibrant: "Dark vibrant",
    muted: "Muted", lightMuted: "Light muted", darkMuted: "Dark muted"
  };
  var PAIRS = [["primary", "onPrimary"], ["secondary", "onSecondary"],
    ["tertiary", "onTertiary"], ["error", "onError"]];

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function ratio(value) {
    return value === undefined || value === null ? "?" : value.toFixed(2) + ":1";
  }

  function percent(share) {
    var p = share * 100;
    return (p >= 10 ? Math.round(p) : p.toFixed(1)) + "%";
  }

  // WCAG 2 relative luminance of #rrggbb, for the palette's labels (black or white, whichever
  // contrasts more: always at least 4.58:1).
  function luminance(hex) {
    var sum = 0, weights = [0.2126, 0.7152, 0.0722];
    for (var i = 0; i < 3; i++) {
      var c = parseInt(hex.substr(1 + 2 * i, 2), 16) / 255;
      c = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
      sum += weights[i] * c;
    }
    return sum;
  }

  function labelColor(hex) {
    var l = luminance(hex);
    return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? "#000000" : "#ffffff";
  }

  function scheme(sprite, roles, mode) {
    var packed = sprite[mode];
    if (!packed) return null;
    var colors = {};
    for (var i = 0; i < roles.length; i++) colors[roles[i]] = "#" + packed.substr(6 * i, 6);
    return colors;
  }

  function art(sprite) {
    var box = el("div", "art");
    if (!sprite.image) {
      box.appendChild(el("span", "missing", "no picture"));
      return box;
    }
    var w = sprite.imageSize[0], h = sprite.imageSize[1];
    var scale = Math.min(BOX / w, BOX / h);
    if (scale >= 1) scale = Math.floor(scale);  // whole pixels for pixel art
    var img = el("img", scale > 1 ? "enlarged" : "");
    img.alt = sprite.name;
    img.width = Math.max(1, Math.round(w * scale));
    img.height = Math.max(1, Math.round(h * scale));
    img.decoding = "async";
    img.src = sprite.image;
    box.appendChild(img);
    return box;
  }

  function chip(label, hex) {
    var line = el("span", "chip");
    var dot = el("i");
    dot.style.backgroundColor = hex;
    dot.setAttribute("data-sample", "");
    line.appendChild(dot);
    line.appendChild(el("span", "", label + " " + hex));
    return line;
  }

  function head(sprite) {
    var row = el("div", "head");
    row.appendChild(art(sprite));
    var about = el("div", "about");
    about.appendChild(el("h2", "name", sprite.name));
    about.appendChild(el("span", "", sprite.size[0] + "\u00d7" + sprite.size[1] + " px"
      + (sprite.card ? ", card text " + ratio(sprite.cardContrast) : ", no card colour")));
    if (sprite.source) about.appendChild(chip("source", sprite.source));
    if (sprite.accent) about.appendChild(chip("accent", sprite.accent));
    row.appendChild(about);
    return row;
  }

  function palette(sprite) {
    var strip = el("div", "palette");
    strip.setAttribute("role", "img");
    strip.setAttribute("aria-label", "palette: " + sprite.palette.map(function (entry) {
      return entry[0] + " " + percent(entry[1]);
    }).join(", "));
    sprite.palette.forEach(function (entry) {
      var part = el("span", "", entry[1] >= 0.1 ? percent(entry[1]) : "");
      part.style.flexGrow = String(entry[1]);
      part.style.backgroundColor = entry[0];
      part.style.color = labelColor(entry[0]);
      part.title = entry[0] + " " + percent(entry[1]);
      part.setAttribute("data-hex", entry[0]);
      part.setAttribute("data-sample", "");
      strip.appendChild(part);
    });
    return strip;
  }

  function swatch(entry) {
    var label = SWATCH_LABELS[entry.name] || entry.name;
    if (!entry.hex) {
      var none = el("div", "swatch none", "no " + label.toLowerCase() + " swatch");
      none.setAttribute("data-swatch", entry.name);
      return none;
    }
    var tile = el("div", "swatch");
    tile.setAttribute("data-swatch", entry.name);
    tile.setAttribute("data-sample", "");
    tile.style.backgroundColor = entry.hex;
    var title = el("b", "", "Title " + entry.titleContrast.toFixed(2));
    title.style.color = entry.title;
    var body = el("span", "", "body " + entry.bodyContrast.toFixed(2) + ", " + entry.hex);
    body.style.color = entry.body;
    var about = el("span", "", label + ", " + percent(entry.population));
    about.style.color = entry.body;
    tile.appendChild(title);
    tile.appendChild(body);
    tile.appendChild(about);
    return tile;
  }

  function material(sprite, roles, mode) {
    var section = el("div", "material");
    section.setAttribute("data-scheme", mode);
    var colors = scheme(sprite, roles, mode);
    if (!colors) {
      section.appendChild(el("h3", "", "No Material scheme in this theme"));
      return section;
    }
    section.appendChild(el("h3", "", "Material " + mode + ", " + sprite.variant
      + ", contrast " + sprite.contrastLevel));
    var pairs = el("div", "roles");
    PAIRS.forEach(function (pair) {
      var tile = el("span", "role", pair[0]);
      tile.setAttribute("data-role", pair[0]);
      tile.setAttribute("data-sample", "");
      tile.style.backgroundColor = colors[pair[0]];
      tile.style.color = colors[pair[1]];
      tile.title = pair[0] + " " + colors[pair[0]] + ", " + pair[1] + " " + colors[pair[1]];
      pairs.appendChild(tile);
    });
    section.appendChild(pairs);
    var strip = el("div", "strip");
    strip.setAttribute("role", "img");
    strip.setAttribute("aria-label", "all " + roles.length + " " + mode + " roles");
    roles.forEach(function (role) {
      var cell = el("i");
      cell.setAttribute("data-role", role);
      cell.setAttribute("data-sample", "");
      cell.style.backgroundColor = colors[role];
      cell.title = role + " " + colors[role];
      strip.appendChild(cell);
    });
    section.appendChild(strip);
    return section;
  }

  // The card of `sprite`: its background is the card colour, its text the card text colour.
  function card(sprite, roles, mode) {
    var node = el("article", "card");
    node.setAttribute("role", "listitem");
    node.setAttribute("data-sprite", sprite.name);
    node.setAttribute("data-card", sprite.card || "none");
    if (sprite.card) {
      node.style.backgroundColor = sprite.card;
      node.style.color = sprite.cardText;
    }
    node.appendChild(head(sprite));
    node.appendChild(palette(sprite));
    var swatches = el("div", "swatches");
    sprite.swatches.forEach(function (entry) { swatches.appendChild(swatch(entry)); });
    node.appendChild(swatches);
    node.appendChild(material(sprite, roles, mode));
    return node;
  }

  return { card: card };
})();
// The page: search, sort, light/dark, and a virtual grid that keeps only the cards on screen
// (plus a row above and below) in the document, so 10,000 sprites stay responsive.
(function () {
  "use strict";
  var CARD_W = 300, CARD_H = 456, GAP = 12;
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

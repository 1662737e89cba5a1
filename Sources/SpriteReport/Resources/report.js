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

  // A colour a click (or Enter) copies: its hex, a button's role and name when it can be focused.
  function copyable(node, hex, what, focusable) {
    node.setAttribute("data-hex", hex);
    node.title = (what ? what + " " : "") + hex + " (click to copy)";
    if (focusable) {
      node.setAttribute("role", "button");
      node.tabIndex = 0;
      node.setAttribute("aria-label", "copy " + (what ? what + " " : "") + hex);
    }
    return node;
  }

  // #rrggbb of #rrggbbaa: the card's own labels are drawn at full strength, so they stay
  // readable whatever alpha the theme's card text has; the name shows the exact colour.
  function opaque(hex) {
    return hex && hex.length === 9 ? hex.substr(0, 7) : hex;
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
    var line = copyable(el("span", "chip"), hex, label, true);
    var dot = el("i");
    dot.style.backgroundColor = hex;
    line.appendChild(dot);
    line.appendChild(el("span", "", label + " " + hex));
    return line;
  }

  function head(sprite) {
    var row = el("div", "head");
    row.appendChild(art(sprite));
    var about = el("div", "about");
    var name = el("h2", "name", sprite.name);
    name.title = sprite.name;
    if (sprite.cardText) name.style.color = sprite.cardText;
    about.appendChild(name);
    about.appendChild(el("span", "", sprite.size[0] + "\u00d7" + sprite.size[1] + " px"
      + (sprite.card ? ", card text " + ratio(sprite.cardContrast) : ", no card colour")));
    if (sprite.path) {
      var path = el("span", "path", sprite.path);
      path.title = sprite.path;
      about.appendChild(path);
    }
    row.appendChild(about);
    return row;
  }

  function chips(sprite) {
    var row = el("div", "chips");
    if (sprite.card) row.appendChild(chip("card", sprite.card));
    if (sprite.cardText) row.appendChild(chip("text", sprite.cardText));
    if (sprite.source) row.appendChild(chip("source", sprite.source));
    if (sprite.accent) row.appendChild(chip("accent", sprite.accent));
    return row;
  }

  function palette(sprite) {
    var strip = el("div", "palette");
    strip.setAttribute("role", "group");
    strip.setAttribute("aria-label", "palette");
    sprite.palette.forEach(function (entry) {
      var part = el("span", "", entry[1] >= 0.1 ? percent(entry[1]) : "");
      part.style.flexGrow = String(entry[1]);
      part.style.backgroundColor = entry[0];
      part.style.color = labelColor(entry[0]);
      copyable(part, entry[0], "palette " + percent(entry[1]), true);
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
    var tile = copyable(el("div", "swatch"), entry.hex, label + " swatch", true);
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
      copyable(tile, colors[pair[0]], mode + " " + pair[0], true);
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
      copyable(cell, colors[role], role, false);
      strip.appendChild(cell);
    });
    section.appendChild(strip);
    return section;
  }

  // The card of `sprite`: its background is the card colour, its text the card text colour.
  function card(sprite, roles, mode) {
    var node = el("div", "card");
    node.setAttribute("role", "listitem");
    node.setAttribute("data-sprite", sprite.name);
    node.setAttribute("data-card", sprite.card || "none");
    if (sprite.card) {
      node.style.backgroundColor = sprite.card;
      node.style.color = opaque(sprite.cardText);
    }
    node.appendChild(head(sprite));
    node.appendChild(chips(sprite));
    node.appendChild(palette(sprite));
    var swatches = el("div", "swatches");
    sprite.swatches.forEach(function (entry) { swatches.appendChild(swatch(entry)); });
    node.appendChild(swatches);
    node.appendChild(material(sprite, roles, mode));
    return node;
  }

  return { card: card };
})();
// The page: search, hue filter, sort, light/dark, copying colours, and a virtual grid that keeps only the cards on screen
// (plus a row above and below) in the document, so 10,000 sprites stay responsive.
(function () {
  "use strict";
  var CARD_W = 300, CARD_H = 540, GAP = 12;
  var MODE_KEY = "spritetheme-report-mode";
  // Hue families on the OKLCH wheel (degrees, from the card colour, else the average or the
  // dominant colour); colours under 0.02 chroma are greys, as when sorting by hue.
  var HUES = [["red", 345, 45], ["orange", 45, 75], ["yellow", 75, 115], ["green", 115, 170],
    ["cyan", 170, 225], ["blue", 225, 280], ["purple", 280, 315], ["pink", 315, 345]];
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
  var searchText = sprites.map(function (s, i) {
    return lowerNames[i] + (s.path ? "\n" + s.path.toLowerCase() : "");
  });
  var hues = sprites.map(hueFamily);
  var orders = {};
  var state = { query: "", hue: "", sort: "name", columns: 1, offset: 0, list: [] };
  var drawn = new Map();  // sprite index -> card element
  var pending = false;

  function hueFamily(sprite) {
    if (sprite.chroma < 0.02) return "grey";
    for (var i = 0; i < HUES.length; i++) {
      var from = HUES[i][1], to = HUES[i][2], h = sprite.hue;
      if (from < to ? h >= from && h < to : h >= from || h < to) return HUES[i][0];
    }
    return "grey";
  }

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
    var all = order(state.sort), query = state.query.trim().toLowerCase(), hue = state.hue;
    state.list = query || hue ? all.filter(function (i) {
      return (!hue || hues[i] === hue) && (!query || searchText[i].indexOf(query) >= 0);
    }) : all;
    count.textContent = (query || hue ? state.list.length + " of " : "") + sprites.length
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

  // The light/dark choice, kept in localStorage (a page from file:// has one too); nothing when
  // storage is off.
  function storedMode() {
    try { return window.localStorage.getItem(MODE_KEY); } catch (e) { return null; }
  }
  function storeMode(value) {
    try { window.localStorage.setItem(MODE_KEY, value); } catch (e) { /* storage off */ }
  }

  function fillHues() {
    var box = document.getElementById("hue"), counts = {};
    hues.forEach(function (family) { counts[family] = (counts[family] || 0) + 1; });
    HUES.map(function (h) { return h[0]; }).concat(["grey"]).forEach(function (family) {
      var option = document.createElement("option");
      option.value = family;
      option.textContent = family + " (" + (counts[family] || 0) + ")";
      box.appendChild(option);
    });
  }

  var toast = document.getElementById("toast"), toastTimer = 0;
  function tell(text) {
    toast.textContent = text;
    toast.hidden = false;
    window.clearTimeout(toastTimer);
    toastTimer = window.setTimeout(function () { toast.hidden = true; }, 2000);
  }

  // Copies through a selected text field and the copy command: the way that works where the
  // Clipboard API is missing or refused (some browsers on file://).
  function copyByCommand(text) {
    var field = document.createElement("textarea");
    field.value = text;
    field.setAttribute("readonly", "");
    field.style.position = "fixed";
    field.style.opacity = "0";
    document.body.appendChild(field);
    field.select();
    var done = false;
    try { done = document.execCommand("copy"); } catch (e) { done = false; }
    field.remove();
    return done;
  }

  function copy(hex) {
    var told = function (done) {
      tell(done ? "Copied " + hex : "Could not copy " + hex + ": select it and copy");
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(hex).then(function () { told(true); },
        function () { told(copyByCommand(hex)); });
    } else {
      told(copyByCommand(hex));
    }
  }

  grid.addEventListener("click", function (event) {
    var target = event.target.closest("[data-hex]");
    if (target) copy(target.getAttribute("data-hex"));
  });
  grid.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    var target = event.target.closest("[data-hex]");
    if (!target) return;
    event.preventDefault();
    copy(target.getAttribute("data-hex"));
  });

  document.getElementById("search").addEventListener("input", function (event) {
    state.query = event.target.value;
    select();
    if (grid.getBoundingClientRect().top < 0) window.scrollTo(0, 0);
    redraw();
  });
  document.getElementById("hue").addEventListener("change", function (event) {
    state.hue = event.target.value;
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
    storeMode(mode());
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
  var remembered = storedMode();
  if (remembered === "dark" || remembered === "light") {
    setMode(remembered);
  } else if (window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches) {
    setMode("dark");
  }
  fillHues();
  showFailures();
  select();
  redraw();
  window.requestAnimationFrame(function () {
    window.reportFirstCardsAt = performance.now();
    root.setAttribute("data-ready", "true");
  });
})();

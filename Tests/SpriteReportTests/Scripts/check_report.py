"""Checks a sprite-theme report (SPEC section 12) in headless Chromium with the network off.

usage: check_report.py DIR [--query TEXT]... [--embedded]

DIR is a batch/fetch output directory holding report/index.html. The expected colours come
from DIR/index.json and DIR/themes/*.json, read here with the json module (not the program's
reader). Checks, each reported on its own line to stderr (exit status 1 on any problem):
no console errors and no http(s) request; on every screen of the grid (all of it for up to
300 sprites, else five places) every card's computed background is its theme's card colour,
its swatches and Material primary are the theme's, its picture loaded and, when drawn larger
than its pixels, has image-rendering: pixelated; only a screenful of cards is in the document;
a search narrows the cards to the names or source paths holding the text; each hue filter shows
exactly the sprites of its hue family (greys apart); sorting by lightness and by hue orders the
cards; names wrap inside their cards; a click on a colour copies its hex (Clipboard API, and the
copy command when that is refused) and says so; the light/dark toggle switches the page and the
Material scheme shown, and a reload keeps the choice; the page's own text meets WCAG 2 AA in both
modes, and axe-core finds no color-contrast or aria-allowed-role violation outside the colour
samples. A picture is expected where the theme has a thumbnail or a source inside DIR, and with
--embedded every picture is a data: URI. Prints one JSON object: timings and counts.
"""
import argparse
import json
import math
import pathlib
import sys
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from axe import run_axe
from browser import console_problems, network_urls, open_browser, requests_made

PROBLEMS = []


def problem(text):
    if len(PROBLEMS) < 60:
        PROBLEMS.append(text)


def rgb(hex_text):
    return tuple(int(hex_text[i:i + 2], 16) for i in (1, 3, 5))


def parse_css_color(text):
    """'rgb(1, 2, 3)' or 'rgba(1, 2, 3, 0.5)' -> (r, g, b, a)."""
    inner = text[text.index("(") + 1:text.rindex(")")].replace("/", ",")
    parts = [p.strip() for p in inner.split(",") if p.strip()]
    values = [float(p) for p in parts]
    return tuple(values[:3]) + ((values[3],) if len(values) > 3 else (1.0,))


def same_color(css, hex_text):
    r, g, b, a = parse_css_color(css)
    return (round(r), round(g), round(b)) == rgb(hex_text) and a > 0.999


def oklch(hex_text):
    """Lightness, chroma, hue of an sRGB colour (B. Ottosson's OKLab, 2020)."""
    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb(hex_text))
    l = 0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b
    m = 0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b
    s = 0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b
    l, m, s = (math.copysign(abs(v) ** (1 / 3), v) for v in (l, m, s))
    L = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s
    A = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
    B = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
    return L, math.hypot(A, B), math.degrees(math.atan2(B, A)) % 360


# Hue families on the OKLCH wheel, as the page has them (report.js HUES); under 0.02 chroma: grey.
HUES = [("red", 345, 45), ("orange", 45, 75), ("yellow", 75, 115), ("green", 115, 170),
        ("cyan", 170, 225), ("blue", 225, 280), ("purple", 280, 315), ("pink", 315, 345)]


def hue_family(theme):
    key = ((theme.get("card") or {}).get("background") or (theme.get("average") or {}).get("hex")
           or (theme.get("dominant") or {}).get("hex"))
    if not key:
        return "grey"
    _, chroma, hue = oklch(key)
    if chroma < 0.02:
        return "grey"
    for name, start, end in HUES:
        if (start <= hue < end) if start < end else (hue >= start or hue < end):
            return name
    return "grey"


def source_path(theme):
    source = theme.get("source") or {}
    return source.get("path") or source.get("url") or ""


def expects_picture(directory, theme):
    if theme.get("thumbnails"):
        return True
    path = source_path(theme)
    return bool(path) and pathlib.Path(path).resolve().is_relative_to(directory)


def load_themes(directory):
    index = json.loads((directory / "index.json").read_text())
    themes = {}
    for entry in index["entries"]:
        try:
            themes[entry["name"]] = json.loads((directory / entry["theme"]).read_text())
        except (OSError, ValueError):
            themes[entry["name"]] = None
    return themes


VISIBLE_CARDS = """
const out = [];
for (const card of document.querySelectorAll('[data-sprite]')) {
  const r = card.getBoundingClientRect();
  if (r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth) continue;
  const img = card.querySelector('img');
  const swatches = {};
  for (const s of card.querySelectorAll('[data-swatch]'))
    swatches[s.dataset.swatch] = s.classList.contains('none') ? null
      : getComputedStyle(s).backgroundColor;
  const primary = card.querySelector('.roles [data-role=primary]');
  out.push({name: card.dataset.sprite, top: r.top, left: r.left,
    background: getComputedStyle(card).backgroundColor, swatches,
    scheme: (card.querySelector('[data-scheme]') || {}).dataset?.scheme,
    primary: primary ? getComputedStyle(primary).backgroundColor : null,
    nameBox: (() => { const n = card.querySelector('.name'), h = card.querySelector('.head');
      const a = n.getBoundingClientRect(), b = h.getBoundingClientRect();
      return {inside: a.left >= r.left - 0.5 && a.right <= r.right + 0.5 && a.bottom <= b.bottom + 0.5,
        overflow: n.scrollWidth > n.clientWidth + 1}; })(),
    image: img ? {src: img.getAttribute('src'), complete: img.complete, natural: img.naturalWidth, naturalHeight: img.naturalHeight,
      width: img.getBoundingClientRect().width, rendering: getComputedStyle(img).imageRendering} : null});
}
out.sort((a, b) => a.top - b.top || a.left - b.left);
return out;
"""

# Text the page writes itself (outside the colour samples) against what is behind it, with
# alpha composited, as WCAG 2 defines contrast; large text (24 px, or 18.66 px bold) needs 3:1.
PAGE_CONTRAST = """
function parse(c) { const m = c.match(/[\\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; }
function over(top, bottom) { const a = top[3]; return [0,1,2].map(i => top[i]*a + bottom[i]*(1-a)).concat([1]); }
function background(el) {
  const layers = [];
  for (let e = el; e; e = e.parentElement) {
    const c = parse(getComputedStyle(e).backgroundColor);
    if (c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
  }
  let color = [255, 255, 255, 1];
  for (let i = layers.length - 1; i >= 0; i--) color = over(layers[i], color);
  return color;
}
function lum(c) { return [0,1,2].reduce((s, i) => { let v = c[i]/255; v = v <= 0.04045 ? v/12.92 : Math.pow((v+0.055)/1.055, 2.4); return s + [0.2126,0.7152,0.0722][i]*v; }, 0); }
const bad = []; let checked = 0;
for (const el of document.querySelectorAll('body *')) {
  if (el.closest('[data-sample]') || el.closest('[hidden]') || el.tagName === 'SCRIPT') continue;
  const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())
    || (el.tagName === 'INPUT' && el.value) || el.tagName === 'SELECT';
  if (!own) continue;
  const r = el.getBoundingClientRect();
  if (r.bottom <= 0 || r.top >= innerHeight || r.width === 0) continue;
  const style = getComputedStyle(el);
  const back = background(el);
  const fore = over(parse(style.color), back);
  const l1 = lum(fore), l2 = lum(back);
  const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
  const size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight) >= 700;
  const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
  checked++;
  if (ratio < need - 0.01) bad.push(el.tagName + '.' + el.className + ' "' + (el.textContent || '').trim().slice(0, 30) + '" ' + ratio.toFixed(2) + ' < ' + need);
}
return {checked, bad: bad.slice(0, 10)};
"""


def check_cards(driver, themes, mode, seen, directory=None, embedded=False):
    cards = driver.execute_script(VISIBLE_CARDS)
    for card in cards:
        name = card["name"]
        seen.add(name)
        theme = themes.get(name)
        if theme is None:
            problem(f"{name}: a card for a sprite without a readable theme")
            continue
        if theme.get("card"):
            if not same_color(card["background"], theme["card"]["background"]):
                problem(f"{name}: card background {card['background']}, theme card "
                        f"{theme['card']['background']}")
        for key, swatch in theme["swatches"].items():
            shown = card["swatches"].get(key, "missing")
            if swatch is None and shown is not None:
                problem(f"{name}: swatch {key} shown but the theme has none")
            elif swatch is not None and (shown in (None, "missing") or not same_color(shown, swatch["hex"])):
                problem(f"{name}: swatch {key} is {shown}, theme {swatch['hex']}")
        material = theme.get("material")
        if material:
            want = material["schemes"][mode]["primary"].lower()
            if card["scheme"] != mode or card["primary"] is None or not same_color(card["primary"], want):
                problem(f"{name}: {mode} primary {card['primary']} ({card['scheme']}), theme {want}")
        if not card["nameBox"]["inside"] or card["nameBox"]["overflow"]:
            problem(f"{name}: the name does not wrap inside the card")
        image = card["image"]
        wanted = embedded or directory is None or expects_picture(directory, theme)
        if image is None:
            if wanted:
                problem(f"{name}: no picture")
        elif not wanted:
            problem(f"{name}: a picture from outside the folder: {image['src'][:80]}")
        elif embedded and not image["src"].startswith("data:image/png;base64,"):
            problem(f"{name}: picture {image['src'][:80]} is not embedded")
        elif not image["complete"] or image["natural"] == 0:
            problem(f"{name}: picture not loaded")
        elif image["width"] > image["natural"] and image["rendering"] != "pixelated":
            problem(f"{name}: picture enlarged {image['natural']} -> {image['width']} px is "
                    f"drawn with image-rendering {image['rendering']}")
    return cards


def wait_ready(driver, timeout=60):
    end = time.time() + timeout
    while time.time() < end:
        if driver.execute_script("return document.documentElement.dataset.ready === 'true'"):
            return
        time.sleep(0.05)
    problem("the page never drew its first cards")


def settle(driver):
    """Waits for two animation frames, so a scroll or an input has been drawn."""
    driver.execute_async_script(
        "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(done));")


def scroll_to(driver, y):
    driver.execute_script("window.scrollTo(0, arguments[0])", y)
    settle(driver)


def visible_names(driver):
    return [card["name"] for card in driver.execute_script(VISIBLE_CARDS)]


def check_search(driver, themes, query):
    box = driver.find_element(By.ID, "search")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(query)
    settle(driver)
    expected = {n for n in themes if themes[n] is not None
                and (query.lower() in n.lower() or query.lower() in source_path(themes[n]).lower())}
    drawn = set(driver.execute_script(
        "return [...document.querySelectorAll('[data-sprite]')].map(c => c.dataset.sprite)"))
    if not drawn <= expected:
        problem(f"search {query!r}: cards {sorted(drawn - expected)[:5]} do not match")
    if len(expected) <= 8 and drawn != expected:
        problem(f"search {query!r}: shows {sorted(drawn)}, expected {sorted(expected)}")
    if not expected and drawn:
        problem(f"search {query!r}: cards shown for no match")
    count = driver.find_element(By.ID, "count").text
    if str(len(expected)) not in count.split():
        problem(f"search {query!r}: count says {count!r}, expected {len(expected)} matches")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.DELETE)
    settle(driver)
    return len(expected)


def check_order(driver, themes, key):
    Select(driver.find_element(By.ID, "sort")).select_by_value(key)
    settle(driver)
    names = visible_names(driver)
    if not names:
        problem(f"sort by {key}: no cards")
    values = []
    for name in names:
        card = (themes[name] or {}).get("card")
        if card:
            values.append((name,) + oklch(card["background"]))
    if key == "lightness":
        for a, b in zip(values, values[1:]):
            if b[1] < a[1] - 1e-3:
                problem(f"sort by lightness: {a[0]} (L {a[1]:.4f}) before {b[0]} (L {b[1]:.4f})")
    if key == "hue":
        chromatic = [v for v in values if v[2] >= 0.021]
        for a, b in zip(chromatic, chromatic[1:]):
            if b[3] < a[3] - 0.05:
                problem(f"sort by hue: {a[0]} (h {a[3]:.2f}) before {b[0]} (h {b[3]:.2f})")
    Select(driver.find_element(By.ID, "sort")).select_by_value("name")
    settle(driver)
    names = visible_names(driver)
    if names != sorted(names, key=str.lower):
        problem(f"sort by name: {names[:6]} not in order")


def check_hues(driver, themes):
    """Each hue filter shows exactly its family's sprites (counted; the ones on screen named)."""
    families = {}
    for name, theme in themes.items():
        if theme is not None:
            families.setdefault(hue_family(theme), set()).add(name)
    box = Select(driver.find_element(By.ID, "hue"))
    offered = [o.get_attribute("value") for o in box.options]
    if offered != [""] + [h[0] for h in HUES] + ["grey"]:
        problem(f"hue filter offers {offered}")
    shown = {}
    for family in offered[1:]:
        box.select_by_value(family)
        settle(driver)
        expected = families.get(family, set())
        drawn = set(driver.execute_script(
            "return [...document.querySelectorAll('[data-sprite]')].map(c => c.dataset.sprite)"))
        if not drawn <= expected:
            problem(f"hue {family}: cards {sorted(drawn - expected)[:5]} are not {family}")
        if expected and not drawn:
            problem(f"hue {family}: no card for {len(expected)} sprites")
        count = driver.find_element(By.ID, "count").text
        if count.split()[0] != str(len(expected)):
            problem(f"hue {family}: count says {count!r}, expected {len(expected)}")
        shown[family] = len(expected)
    box.select_by_value("")
    settle(driver)
    return shown


RECORD_COPIES = """
window.copiedByApi = []; window.copiedByCommand = [];
const refuse = arguments[0];
navigator.clipboard.writeText = t => refuse ? Promise.reject(new Error('refused'))
  : (window.copiedByApi.push(t), Promise.resolve());
const command = document.execCommand.bind(document);
document.execCommand = (name, ...rest) => {
  if (name !== 'copy') return command(name, ...rest);
  const field = document.querySelector('textarea');
  window.copiedByCommand.push(field ? field.value.slice(field.selectionStart, field.selectionEnd) : null);
  return true;
};
"""


def check_copy(driver):
    """A click on a swatch, a palette colour and a Material role copies its hex and says so; so
    does Enter on one; the copy command steps in when the Clipboard API refuses."""
    targets = driver.execute_script("""
      const card = document.querySelector('[data-sprite]');
      if (!card) return [];
      return ['.swatch[data-hex]', '.palette [data-hex]', '.roles [data-hex]', '.strip [data-hex]',
              '.chip[data-hex]'].map(s => card.querySelector(s)).filter(Boolean)
        .map(n => ({selector: n.className, hex: n.dataset.hex}));
    """)
    if len(targets) < 4:
        problem(f"copy: only {len(targets)} kinds of colour to click on the first card")
    elements = driver.find_elements(By.CSS_SELECTOR, "[data-sprite]")[0].find_elements(
        By.CSS_SELECTOR, "[data-hex]")
    copied = 0
    for refuse in (False, True):
        driver.execute_script(RECORD_COPIES, refuse)
        for element in elements[:6]:
            hex_text = element.get_attribute("data-hex")
            driver.execute_script("arguments[0].click()", element)
            settle(driver)
            toast = driver.execute_script(
                "const t = document.getElementById('toast'); return t.hidden ? '' : t.textContent")
            record = driver.execute_script(
                "return arguments[0] ? window.copiedByCommand : window.copiedByApi", refuse)
            if not record or record[-1] != hex_text:
                problem(f"copy{' (fallback)' if refuse else ''}: clicked {hex_text}, copied {record[-1:]}")
            elif toast != f"Copied {hex_text}":
                problem(f"copy: clicked {hex_text}, the page says {toast!r}")
            else:
                copied += 1
    focusable = driver.execute_script(
        "const n = document.querySelector('[data-sprite] .swatch[data-hex]');"
        "if (!n) return null; n.focus(); return document.activeElement === n ? n.dataset.hex : null")
    if focusable:
        driver.execute_script(RECORD_COPIES, False)
        driver.switch_to.active_element.send_keys(Keys.ENTER)
        settle(driver)
        if driver.execute_script("return window.copiedByApi") != [focusable]:
            problem("copy: Enter on a focused swatch did not copy it")
    else:
        problem("copy: a swatch cannot take the keyboard focus")
    return copied


def check_axe(driver, mode):
    version, violations = run_axe(driver)
    for rule, nodes in violations:
        for node in nodes:
            problem(f"{mode} page, axe-core {version} {rule}: {node[:300]}")
    return version


def check_remembered(driver):
    """The dark choice survives a reload, and so does going back to light."""
    for want in ("dark", "light"):
        if driver.execute_script("return document.documentElement.dataset.mode") != want:
            driver.find_element(By.ID, "mode").click()
            settle(driver)
        driver.refresh()
        wait_ready(driver)
        got = driver.execute_script("return document.documentElement.dataset.mode")
        if got != want:
            problem(f"after choosing {want} and reloading, the page is {got}")


def check_contrast(driver, mode):
    result = driver.execute_script(PAGE_CONTRAST)
    if result["checked"] == 0:
        problem(f"{mode} page: no text found to check")
    for line in result["bad"]:
        problem(f"{mode} page text below WCAG AA: {line}")
    return result["checked"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("directory", type=pathlib.Path)
    parser.add_argument("--query", action="append", default=[])
    parser.add_argument("--embedded", action="store_true")
    args = parser.parse_args()
    directory = args.directory.resolve()
    themes = load_themes(directory)
    readable = {n for n, t in themes.items() if t is not None}
    driver = open_browser()
    result = {"sprites": len(themes)}
    try:
        started = time.time()
        driver.get((directory / "report" / "index.html").as_uri())
        wait_ready(driver)
        result["firstCardsMs"] = round(driver.execute_script("return window.reportFirstCardsAt"), 1)
        result["readyWallMs"] = round((time.time() - started) * 1000, 1)
        mode = driver.execute_script("return document.documentElement.dataset.mode")
        if mode != "light":
            problem(f"the page starts in {mode} mode in a light browser")
        seen, checked = set(), 0
        height = driver.execute_script("return document.documentElement.scrollHeight")
        screen = driver.execute_script("return innerHeight")
        if len(themes) <= 300:
            places = list(range(0, height, screen // 2)) + [height]
        else:
            places = [0, height // 4, height // 2, 3 * height // 4, height]
        most = 0
        for y in places:
            scroll_to(driver, y)
            checked += len(check_cards(driver, themes, "light", seen, directory, args.embedded))
            most = max(most, driver.execute_script(
                "return document.querySelectorAll('[data-sprite]').length"))
        result["cardsChecked"] = checked
        result["mostCardsInDocument"] = most
        if checked == 0:
            problem("no card was checked")
        if len(themes) <= 300 and seen != readable:
            problem(f"cards never shown: {sorted(readable - seen)[:5]}; extra: {sorted(seen - readable)[:5]}")
        if len(readable) > 200 and most > 120:
            problem(f"{most} cards in the document at once: the grid is not virtual")
        last = max(readable, key=str.lower) if readable else None
        if last and last not in seen:
            problem(f"the last sprite by name, {last}, never appeared at the bottom")
        scroll_to(driver, 0)
        result["searches"] = {q: check_search(driver, themes, q) for q in args.query}
        check_order(driver, themes, "lightness")
        check_order(driver, themes, "hue")
        result["hues"] = check_hues(driver, themes)
        result["copied"] = check_copy(driver)
        result["textCheckedLight"] = check_contrast(driver, "light")
        result["axe"] = check_axe(driver, "light")
        page_light = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        driver.find_element(By.ID, "mode").click()
        settle(driver)
        if driver.execute_script("return document.documentElement.dataset.mode") != "dark":
            problem("the toggle did not switch the page to dark")
        if driver.execute_script("return getComputedStyle(document.body).backgroundColor") == page_light:
            problem("the page background did not change with the toggle")
        dark_cards = check_cards(driver, themes, "dark", set(), directory, args.embedded)
        if not any(themes[c["name"]] and themes[c["name"]].get("material") for c in dark_cards):
            problem("no card on screen has a Material scheme to switch")
        result["textCheckedDark"] = check_contrast(driver, "dark")
        check_axe(driver, "dark")
        driver.find_element(By.ID, "mode").click()
        settle(driver)
        check_cards(driver, themes, "light", set(), directory, args.embedded)
        for message in console_problems(driver):
            problem(f"console: {message[:300]}")
        check_remembered(driver)
        for message in console_problems(driver):
            problem(f"console: {message[:300]}")
        urls = requests_made(driver)
        result["requests"] = len(urls)
        for url in network_urls(urls)[:5]:
            problem(f"network request: {url}")
    finally:
        driver.quit()
    print(json.dumps(result))
    if PROBLEMS:
        print("\n".join(PROBLEMS), file=sys.stderr)
        sys.exit(1)


main()

"""Opens a page that uses a CSS export in headless Chromium (Selenium + chromedriver) and prints
the colours the browser computes in each of six modes.

usage: browser_colours.py CSS_FILE PROBES_JSON

PROBES_JSON is a list of {"id", "class", "variable"}: for each, the page has an element with
that id inside an element of that class, painted with background-color: var(variable). The
system's colour scheme and contrast preference are emulated with the DevTools protocol
(Emulation.setEmulatedMedia with features prefers-color-scheme and prefers-contrast); the
page's own dark switch is a "dark" class on <html>. Modes: light, dark (system), darkClass
(system light, class dark), high (system light, more contrast), highDark (system dark, more
contrast), highDarkClass (system light, class dark, more contrast). Prints {mode: {id: computed
background}, "media": {mode: [matches dark, matches more contrast, html has class dark]}}.
"""
import html
import json
import os
import pathlib
import shutil
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

# mode -> (prefers-color-scheme, prefers-contrast, dark class on <html>)
MODES = {
    "light": ("light", "no-preference", False),
    "dark": ("dark", "no-preference", False),
    "darkClass": ("light", "no-preference", True),
    "high": ("light", "more", False),
    "highDark": ("dark", "more", False),
    "highDarkClass": ("light", "more", True),
}


def page(css, probes):
    by_class = {}
    for probe in probes:
        by_class.setdefault(probe["class"], []).append(probe)
    parts = ["<!doctype html><html><head><meta charset='utf-8'>",
             f"<link rel='stylesheet' href='{pathlib.Path(css).resolve().as_uri()}'>",
             "</head><body>"]
    for name, items in by_class.items():
        parts.append(f"<div class='{html.escape(name)}'>")
        for probe in items:
            parts.append(f"<div data-probe id='{html.escape(probe['id'])}' "
                         f"style='width:4px;height:4px;background-color:var({probe['variable']})'>"
                         "</div>")
        parts.append("</div>")
    parts.append("</body></html>")
    return "".join(parts)


def main():
    css, probes = sys.argv[1], json.loads(pathlib.Path(sys.argv[2]).read_text())
    folder = tempfile.mkdtemp(prefix="sprite-css-page-")
    page_path = pathlib.Path(folder, "page.html")
    page_path.write_text(page(css, probes))
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--allow-file-access-from-files"]:
        options.add_argument(argument)
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(options=options, service=service)
    try:
        driver.get(page_path.as_uri())
        result, media = {}, {}
        for mode, (scheme, contrast, dark_class) in MODES.items():
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
                {"name": "prefers-color-scheme", "value": scheme},
                {"name": "prefers-contrast", "value": contrast}]})
            driver.execute_script(
                "document.documentElement.classList.toggle('dark', arguments[0])", dark_class)
            media[mode] = driver.execute_script(
                "return [matchMedia('(prefers-color-scheme: dark)').matches,"
                " matchMedia('(prefers-contrast: more)').matches,"
                " document.documentElement.classList.contains('dark')]")
            pairs = driver.execute_script(
                "return Array.from(document.querySelectorAll('[data-probe]'))"
                ".map(e => [e.id, getComputedStyle(e).backgroundColor])")
            result[mode] = dict(pairs)
        result["media"] = media
        print(json.dumps(result))
    finally:
        driver.quit()
        shutil.rmtree(folder, ignore_errors=True)


main()

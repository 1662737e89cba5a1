"""Opens a page that uses a CSS export in headless Chromium (Selenium + chromedriver) and prints
the colours the browser computes, in light and in dark mode.

usage: browser_colours.py CSS_FILE PROBES_JSON

PROBES_JSON is a list of {"id", "class", "variable"}: for each, the page has an element with
that id inside an element of that class, painted with background-color: var(variable). The
colour scheme is switched with the DevTools protocol (Emulation.setEmulatedMedia,
prefers-color-scheme). Prints {"light": {id: computed background}, "dark": {...},
"darkMatches": [bool in light mode, bool in dark mode]}.
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
        result, matches = {}, []
        for mode in ["light", "dark"]:
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                "features": [{"name": "prefers-color-scheme", "value": mode}]})
            matches.append(driver.execute_script(
                "return matchMedia('(prefers-color-scheme: dark)').matches"))
            pairs = driver.execute_script(
                "return Array.from(document.querySelectorAll('[data-probe]'))"
                ".map(e => [e.id, getComputedStyle(e).backgroundColor])")
            result[mode] = dict(pairs)
        result["darkMatches"] = matches
        print(json.dumps(result))
    finally:
        driver.quit()
        shutil.rmtree(folder, ignore_errors=True)


main()

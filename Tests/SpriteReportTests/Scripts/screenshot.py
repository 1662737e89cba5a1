"""Takes a screenshot of a report page in headless Chromium with the network off.

usage: screenshot.py PAGE.html OUT.png [WIDTHxHEIGHT]

Waits for the first cards and their pictures, fails (exit 1) on a console error or an http(s)
request, and writes the window as a PNG reduced to 256 colours with Pillow (the report's flat
colours survive it; the file is a fraction of the size).
"""
import io
import pathlib
import sys
import time

from PIL import Image

from browser import console_problems, network_urls, open_browser, requests_made

WAIT_FOR_PICTURES = """
const done = arguments[0];
Promise.all([...document.images].map(i => i.decode().catch(() => null))).then(() => done());
"""


def main():
    page, out = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2])
    width, height = (int(n) for n in (sys.argv[3] if len(sys.argv) > 3 else "1280x800").split("x"))
    driver = open_browser(width, height)
    try:
        driver.get(page.as_uri())
        end = time.time() + 30
        while not driver.execute_script("return document.documentElement.dataset.ready"):
            if time.time() > end:
                raise SystemExit("screenshot.py: the page never drew its cards")
            time.sleep(0.05)
        driver.execute_async_script(WAIT_FOR_PICTURES)
        png = driver.get_screenshot_as_png()
        problems = console_problems(driver) + network_urls(requests_made(driver))
    finally:
        driver.quit()
    if problems:
        raise SystemExit("screenshot.py: " + "; ".join(problems[:5]))
    image = Image.open(io.BytesIO(png)).convert("RGB")
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        out, optimize=True)
    print(f"{out}: {image.width}x{image.height}, {out.stat().st_size} bytes")


main()

"""Headless Chromium with the network off, for checking pages opened from file://.

Debian's chromium and chromium-driver, driven by Selenium. The browser resolves no host name
(--host-resolver-rules maps every name to nothing) and uses no proxy, so a page that tried to
reach the network would fail; requests_made() lists every request the page made (from the
DevTools performance log) so a check can also assert that none was http(s). The console is
kept too (console_problems()).
"""
import json
import os
import shutil

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def chromium_binary():
    for path in ("/usr/lib/chromium/chromium", shutil.which("chromium") or ""):
        if path and os.access(path, os.X_OK):
            return path
    raise SystemExit("browser.py: chromium not found (apt-get install chromium chromium-driver)")


def open_browser(width=1280, height=900, color_scheme="light"):
    """A headless Chromium window of width x height CSS pixels, the network off."""
    options = webdriver.ChromeOptions()
    options.binary_location = chromium_binary()
    for argument in [
        "--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
        f"--window-size={width},{height}", "--hide-scrollbars",
        "--host-resolver-rules=MAP * ~NOTFOUND", "--no-proxy-server",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-default-apps", "--no-first-run", "--disable-extensions",
        "--force-device-scale-factor=1", f"--blink-settings=preferredColorScheme={1 if color_scheme == 'light' else 0}",
    ]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    driver = webdriver.Chrome(options=options, service=Service(executable_path=driver_path))
    driver.set_window_size(width, height)
    return driver


def requests_made(driver):
    """Every URL the page requested so far (drains the performance log)."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
        elif message.get("method") == "Network.webSocketCreated":
            urls.append(message["params"]["url"])
    return urls


def network_urls(urls):
    """The URLs that would need the network: anything not file:, data:, blob: or about:."""
    return [u for u in urls if not u.startswith(("file:", "data:", "blob:", "about:"))]


def console_problems(driver):
    """Console messages of level SEVERE (errors, failed loads) so far (drains the log)."""
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]

"""What the browser tests share: the sites they build, the servers that serve them, the browser.

Every site is built once per run into a temporary folder (never into the repository), with the
herald binary `make test` built (HERALD overrides it) and a fixed --now, so dates on the board do
not move between runs.
"""
import atexit
import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import unicodedata
import unittest
from pathlib import Path
from urllib.parse import quote

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from environment import CHROMEDRIVER, CHROMIUM, HERALD, REPO

# The instant the Swift tests build with (Tests/heraldTests/Herald.swift).
BUILD_NOW = "2026-11-21T10:00:00Z"
GENERATED_HEROES = 1000

DESKTOP = (1280, 900)
PHONE = (390, 844)

_scratch = Path(tempfile.mkdtemp(prefix="herald-browser-"))
atexit.register(shutil.rmtree, _scratch, ignore_errors=True)


def scratch():
    """The run's temporary folder, for sites a test makes of its own."""
    return _scratch


def folded(text):
    """What search.js compares: decomposed, combining marks dropped, lower case (written again
    here, so that the tests do not trust the code they test)."""
    return re.sub("[\u0300-\u036f]", "", unicodedata.normalize("NFD", text)).lower()


class Site:
    """A built site: its output folder, and its pages from disk or over HTTP."""

    def __init__(self, name, output):
        self.name = name
        self.output = output
        self._server = None

    def search_index(self):
        """The heroes of the search index the build wrote, in the catalog's order, each as its
        name and the text search.js looks in: the name, the summary it shares with others and
        the rest of its words."""
        script = (self.output / "heroes" / "search-index.js").read_text()
        index = json.loads(script[script.index("{"):script.rindex("}") + 1])
        return [{"name": name, "text": " ".join([name, index["summaries"][summary], words])}
                for name, _, summary, words in index["heroes"]]

    def pages(self):
        """Every HTML page, as paths relative to the output folder ("heroes/index.html")."""
        return sorted(path.relative_to(self.output).as_posix() for path in self.output.rglob("*.html"))

    def root(self, origin):
        """The address every URL of the site starts with, from "file" or "http"."""
        if origin == "file":
            return self.output.as_uri() + "/"
        return "http://127.0.0.1:%d/" % self.serve()

    def url(self, origin, page=""):
        """The URL of `page` ("heroes/" or "heroes/index.html") from "file" or "http"."""
        if origin == "file" and (page == "" or page.endswith("/")):
            page += "index.html"
        return self.root(origin) + quote(page)

    def serve(self):
        """Starts (once) a static server for the output folder; returns its port."""
        if self._server is None:
            handler = functools.partial(QuietHandler, directory=str(self.output))
            self._server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            self._server.daemon_threads = True
            threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self._server.server_port


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def herald_build(source, output):
    result = subprocess.run([str(HERALD), "build", "--source", str(source), "--output", str(output),
                             "--now", BUILD_NOW, "--quiet"], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError("herald build of %s failed (exit %d):\n%s%s"
                           % (source, result.returncode, result.stdout, result.stderr))


@functools.cache
def default_site():
    """The repository's own site: herald.yml and Content/, with the built-in theme."""
    source = _scratch / "default"
    source.mkdir()
    shutil.copy(REPO / "herald.yml", source / "herald.yml")
    shutil.copytree(REPO / "Content", source / "Content")
    herald_build(source, _scratch / "default-output")
    return Site("default site", _scratch / "default-output")


@functools.cache
def generated_site():
    """A data-only site (herald.yml and 1,000 Markdown heroes, no tasks) from the benchmark generator."""
    folder = _scratch / "generated"
    subprocess.run([sys.executable, str(REPO / "benchmarks" / "site" / "generate.py"), str(GENERATED_HEROES),
                    str(folder)], check=True, capture_output=True)
    herald_build(folder / "herald", _scratch / "generated-output")
    return Site("%d-hero site" % GENERATED_HEROES, _scratch / "generated-output")


class HeraldServer:
    """`herald serve --port 0` on a site folder, as a user runs it: its address from the first
    line it prints, its output drained on a thread (a full pipe would stall it), stopped with
    SIGTERM."""

    def __init__(self, source, start_limit=60):
        self.process = subprocess.Popen([str(HERALD), "serve", "--port", "0", "--source", str(source)],
                                        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        text=True)
        self.output = []
        first = threading.Event()

        def drain():
            for line in self.process.stdout:
                self.output.append(line)
                first.set()
            first.set()
        threading.Thread(target=drain, daemon=True).start()
        if not first.wait(start_limit) or not self.output or " at http://" not in self.output[0]:
            self.stop()
            raise RuntimeError("herald serve printed no address:\n" + "".join(self.output))
        self.url = self.output[0].split(" at ", 1)[1].strip()

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def console_errors(driver):
    """The console's errors since the last call (the log is emptied by reading it)."""
    return ["%s: %s" % (entry["level"], entry["message"]) for entry in driver.get_log("browser")
            if entry["level"] == "SEVERE"]


def new_driver(size=DESKTOP, arguments=()):
    """Headless Chromium through Debian's chromedriver, with the console and network logged;
    `arguments` are more command-line switches for Chromium."""
    options = webdriver.ChromeOptions()
    # Both paths given: Selenium Manager, which would download a browser or a driver, never runs.
    options.binary_location = CHROMIUM
    options.add_argument("--headless=new")
    options.add_argument("--window-size=%d,%d" % size)
    options.add_argument("--disable-dev-shm-usage")
    options.add_argument("--no-first-run")
    if os.geteuid() == 0:
        options.add_argument("--no-sandbox")
    for argument in arguments:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    driver.set_page_load_timeout(30)
    return driver


def emulate(driver, dark=False, reduced_motion=False, size=None, scale=1):
    """Emulates the colour scheme, reduced motion and a viewport of `size` (a phone when narrower
    than 600 px) through the DevTools protocol; the settings hold for every page the tab loads next."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": "dark" if dark else "light"},
        {"name": "prefers-reduced-motion", "value": "reduce" if reduced_motion else "no-preference"},
    ]})
    if size is None:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    else:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": size[0], "height": size[1], "deviceScaleFactor": scale, "mobile": size[0] < 600})


# Lazy images below the fold are never requested by a headless window: this loads every image
# of the page and resolves with the addresses of those that did not decode.
LOAD_IMAGES = """
const done = arguments[arguments.length - 1];
const images = Array.from(document.images);
images.forEach(image => { image.loading = "eager"; });
Promise.all(images.map(image => image.decode().catch(() => {}))).then(() =>
    done(images.filter(image => !image.complete || image.naturalWidth === 0).map(image => image.src)));
"""


class BrowserTest(unittest.TestCase):
    """A test class with one headless Chromium for all its tests (starting one takes seconds)."""

    @classmethod
    def setUpClass(cls):
        cls.driver = new_driver()
        cls.addClassCleanup(cls.driver.quit)

    def follow(self, link):
        """Clicks `link` and waits until the next page has replaced this one."""
        page = self.driver.find_element(By.TAG_NAME, "html")
        text = link.text
        link.click()
        WebDriverWait(self.driver, 10, poll_frequency=0.02).until(
            expected_conditions.staleness_of(page), "clicking %r did not load a page" % text)

    def heading(self):
        return self.driver.find_element(By.TAG_NAME, "h1").text

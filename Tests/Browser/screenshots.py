"""Writes PNG screenshots of the default site for the README: home, board, catalog and a hero page,
on a 1280 x 900 desktop and a 390 x 844 phone (at twice the pixels, as phones show them), light
and dark: 16 files named PAGE-DEVICE-SCHEME.png. Then the board's own features, on the same
devices and schemes: its filter bar in use (board-filtered), swimlanes with a column over its
limit (board-lanes, the default data with `swimlanes: assignee` and a limit of 3 on Doing), and
its charts (board-charts). Then a site of the user's own fields: the README's Dota 2 example
built on OpenDota's real files (Tests/HeraldTestSupport/Fixtures/heroes-dotaconstants), a hero
page and a group page (dota-hero, dota-group).

Usage (`make screenshots`): screenshots.py FOLDER [--only dota], with the same browser and herald
binary as the browser suite (run.py); --only dota writes only the Dota site's screenshots.
"""
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import environment  # noqa: E402  (found through the path set above)

PAGES = {"home": "", "board": "tasks/", "catalog": "heroes/", "hero": "heroes/senora-tormenta/"}
# The board's features: (site, page, its query, the element to shoot or None for the window).
FEATURES = {"board-filtered": ("default", "tasks/", "?project=engine&due=overdue", None),
            "board-lanes": ("lanes", "tasks/", "", None),
            "board-charts": ("default", "tasks/", "", "#burnup-heading")}


def lanes_site(support):
    """The default site with swimlanes by assignee and a work-in-progress limit Doing is over."""
    source = support.scratch() / "lanes"
    shutil.copytree(environment.REPO / "Content", source / "Content")
    config = (environment.REPO / "herald.yml").read_text()
    config = config.replace("    doing: 6\n", "    doing: 3\n").replace("  calendar: true", "  calendar: true\n  swimlanes: assignee")
    (source / "herald.yml").write_text(config)
    support.herald_build(source, support.scratch() / "lanes-output")
    return support.Site("lanes site", support.scratch() / "lanes-output")


DOTA_PAGES = {"dota-hero": "heroes/anti-mage/", "dota-group": "heroes/primary-attr/agility/"}


def dota_site(support):
    """The README's Dota 2 worked example, exactly as written, with OpenDota's files."""
    source = support.scratch() / "dota"
    (source / "Content").mkdir(parents=True)
    readme = (environment.REPO / "README.md").read_text()
    start = readme.index("```yaml\ntitle: Dota heroes\n") + len("```yaml\n")
    (source / "herald.yml").write_text(readme[start:readme.index("```\n", start)])
    fixtures = environment.REPO / "Tests" / "HeraldTestSupport" / "Fixtures" / "heroes-dotaconstants"
    for name in ("heroes.json", "hero_lore.json"):
        shutil.copy(fixtures / name, source / "Content" / name)
    support.herald_build(source, support.scratch() / "dota-output")
    return support.Site("Dota site", support.scratch() / "dota-output")


def main(folder, only=None):
    missing = environment.missing()
    if missing:
        sys.exit("screenshots: missing %s (`make deps` installs them)" % "; ".join(missing))
    import support  # only now: it imports Selenium

    devices = {"desktop": (support.DESKTOP, 1), "phone": (support.PHONE, 2)}
    folder.mkdir(parents=True, exist_ok=True)
    site = support.default_site() if only is None else None
    sites = {"default": site, "lanes": lanes_site(support) if only is None else None, "dota": dota_site(support)}
    pages = {} if only else PAGES
    features = {} if only else FEATURES
    # A desktop screenshot shows the page, not the window's scrollbar.
    driver = support.new_driver(arguments=["--hide-scrollbars"])
    try:
        for device, (size, scale) in devices.items():
            for scheme in ("light", "dark"):
                support.emulate(driver, dark=scheme == "dark", size=size, scale=scale)
                for name, page in list(pages.items()) + list(DOTA_PAGES.items()):
                    driver.get((sites["dota"] if name in DOTA_PAGES else site).url("http", page))
                    driver.execute_async_script(support.LOAD_IMAGES)
                    path = folder / ("%s-%s-%s.png" % (name, device, scheme))
                    path.write_bytes(driver.get_screenshot_as_png())
                    print(path)
                for name, (which, page, query, selector) in features.items():
                    driver.get(sites[which].url("http", page) + query)
                    path = folder / ("%s-%s-%s.png" % (name, device, scheme))
                    if selector:
                        section = driver.find_element("css selector", selector).find_element("xpath", "..")
                        driver.execute_script("arguments[0].scrollIntoView()", section)
                        path.write_bytes(section.screenshot_as_png)
                    else:
                        path.write_bytes(driver.get_screenshot_as_png())
                    print(path)
    finally:
        driver.quit()


if __name__ == "__main__":
    if len(sys.argv) not in (2, 4) or (len(sys.argv) == 4 and sys.argv[2:] != ["--only", "dota"]):
        sys.exit(__doc__)
    main(Path(sys.argv[1]), only=sys.argv[3] if len(sys.argv) == 4 else None)

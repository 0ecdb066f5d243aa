"""Writes PNG screenshots of the default site for the README: home, board, catalog and a hero page,
on a 1280 x 900 desktop and a 390 x 844 phone (at twice the pixels, as phones show them), light
and dark: 16 files named PAGE-DEVICE-SCHEME.png. Then the board's own features, on the same
devices and schemes: its filter bar in use (board-filtered), swimlanes with a column over its
limit (board-lanes, the default data with `swimlanes: assignee` and a limit of 3 on Doing), and
its charts (board-charts). And boards of the task tools' real data in Tests/HeraldTestSupport/Fixtures:
the Obsidian Tasks sample vault (board-obsidian-vault) and recorded GitHub issues answers built with
the README's GitHub example (board-github-issues). And a site of the user's own fields: the
README's Dota 2 example built on OpenDota's real files (Fixtures/heroes-dotaconstants), a hero page
and a group page (dota-hero, dota-group).

Usage (`make screenshots`): screenshots.py FOLDER [NAME...], with the same browser and herald binary
as the browser suite (run.py). Given names (board-github-issues, home…), it writes only those.
"""
import json
import re
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import environment  # noqa: E402  (found through the path set above)

PAGES = {"home": "", "board": "tasks/", "catalog": "heroes/", "hero": "heroes/senora-tormenta/"}
# The board's features: (site, page, its query, the element to shoot or None for the window).
FEATURES = {"board-filtered": ("default", "tasks/", "?project=engine&due=overdue", None),
            "board-lanes": ("lanes", "tasks/", "", None),
            "board-charts": ("default", "tasks/", "", "#burnup-heading"),
            "board-obsidian-vault": ("vault", "tasks/", "", None),
            "board-github-issues": ("github", "tasks/", "", None),
            "dota-hero": ("dota", "heroes/anti-mage/", "", None),
            "dota-group": ("dota", "heroes/primary-attr/agility/", "", None)}
FIXTURES = environment.REPO / "Tests" / "HeraldTestSupport" / "Fixtures"


def lanes_site(support):
    """The default site with swimlanes by assignee and a work-in-progress limit Doing is over."""
    source = support.scratch() / "lanes"
    shutil.copytree(environment.REPO / "Content", source / "Content")
    config = (environment.REPO / "herald.yml").read_text()
    config = config.replace("    doing: 6\n", "    doing: 3\n").replace("  calendar: true", "  calendar: true\n  swimlanes: assignee")
    (source / "herald.yml").write_text(config)
    support.herald_build(source, support.scratch() / "lanes-output")
    return support.Site("lanes site", support.scratch() / "lanes-output")


def vault_site(support):
    """The Obsidian Tasks plugin's sample vault as a board, its common custom statuses mapped."""
    source = support.scratch() / "vault"
    shutil.copytree(FIXTURES / "tasks-obsidian-vault" / "Tasks-Demo", source / "Content" / "vault")
    (source / "herald.yml").write_text(
        "title: Tasks demo\ntasks:\n  source: Content/vault\n  format: markdown-checklist\n"
        "  columns: [todo, doing, done]\n"
        '  status_map: {"/": doing, "-": ~, ">": todo, "<": todo, "!": doing, "?": todo}\n')
    # Its notes on invalid dates hold days that do not exist, each an error: the board leaves them out.
    try:
        support.herald_build(source, support.scratch() / "vault-output")
    except RuntimeError as failure:
        for note in set(re.findall(r"^(Content/vault/[^:]+\.md):\d+:\d+: error: ", str(failure), re.M)):
            (source / note).unlink()
        support.herald_build(source, support.scratch() / "vault-output")
    return support.Site("vault site", support.scratch() / "vault-output")


def github_site(support):
    """The README's GitHub issues board over the answers PyGithub recorded, as GitHubIssuesTests builds it."""
    source = support.scratch() / "github"
    (source / "Content" / "issues").mkdir(parents=True)
    readme = (environment.REPO / "README.md").read_text()
    config = re.search(r"```yaml\n(title: Issues\ntasks:\n  source: https://api\.github\.com/repos/.*?)```\n",
                       readme, re.S).group(1)
    config = re.sub(r"(?m)^  source: .*$", "  source: Content/issues/*.json", config, count=1)
    (source / "herald.yml").write_text(config)
    answers = []
    for recording in ("GraphQl.testPaginationAndRestIntegration.txt", "Repository.testGetIssuesWithTypeWildcard.txt"):
        lines = (FIXTURES / "tasks-github-issues" / recording).read_text().split("\n")
        answers += [lines[i + 8] for i in range(len(lines) - 8) if lines[i] == "GET" and lines[i + 6] == "200"
                    and re.match(r"^/repos/PyGithub/PyGithub/issues(\?|$)", lines[i + 3])
                    and "per_page=1" not in lines[i + 3]]
    for index, body in enumerate(answers):
        json.loads(body)
        (source / "Content" / "issues" / ("answer-%d.json" % (index + 1))).write_text(body)
    support.herald_build(source, support.scratch() / "github-output")
    return support.Site("github site", support.scratch() / "github-output")


def dota_site(support):
    """The README's Dota 2 worked example, exactly as written, with OpenDota's files."""
    source = support.scratch() / "dota"
    (source / "Content").mkdir(parents=True)
    readme = (environment.REPO / "README.md").read_text()
    start = readme.index("```yaml\ntitle: Dota heroes\n") + len("```yaml\n")
    (source / "herald.yml").write_text(readme[start:readme.index("```\n", start)])
    fixtures = FIXTURES / "heroes-dotaconstants"
    for name in ("heroes.json", "hero_lore.json"):
        shutil.copy(fixtures / name, source / "Content" / name)
    support.herald_build(source, support.scratch() / "dota-output")
    return support.Site("Dota site", support.scratch() / "dota-output")


def main(folder, only=()):
    missing = environment.missing()
    if missing:
        sys.exit("screenshots: missing %s (`make deps` installs them)" % "; ".join(missing))
    import support  # only now: it imports Selenium

    devices = {"desktop": (support.DESKTOP, 1), "phone": (support.PHONE, 2)}
    folder.mkdir(parents=True, exist_ok=True)
    site = support.default_site()
    sites = {"default": site, "lanes": lanes_site(support), "vault": vault_site(support),
             "github": github_site(support), "dota": dota_site(support)}
    # A desktop screenshot shows the page, not the window's scrollbar.
    driver = support.new_driver(arguments=["--hide-scrollbars"])
    try:
        for device, (size, scale) in devices.items():
            for scheme in ("light", "dark"):
                support.emulate(driver, dark=scheme == "dark", size=size, scale=scale)
                for name, page in PAGES.items():
                    if only and name not in only:
                        continue
                    driver.get(site.url("http", page))
                    driver.execute_async_script(support.LOAD_IMAGES)
                    path = folder / ("%s-%s-%s.png" % (name, device, scheme))
                    path.write_bytes(driver.get_screenshot_as_png())
                    print(path)
                for name, (which, page, query, selector) in FEATURES.items():
                    if only and name not in only:
                        continue
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
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(Path(sys.argv[1]), set(sys.argv[2:]))

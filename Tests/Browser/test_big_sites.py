"""Big data stays usable: a catalog of 20,000 heroes searches fast with an index loaded only when
the box is used, and a board of 5,000 tasks stays light with its done column paged."""
import functools
import subprocess
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

import support

HEROES = 20_000
INDEX_LIMIT = 2_000_000
KEYSTROKE_LIMIT_MS = 50

# Types `query` into the search box one character at a time, as keystrokes do, and times each
# from the input event to the end of the layout it causes (reading offsetHeight forces it); the
# handler filters and draws synchronously, so this is the wait a reader sees.
TIME_KEYSTROKES = """
const query = arguments[0];
const box = document.getElementById("hero-search");
const results = document.getElementById("search-results");
box.value = "";
const times = [];
for (const character of query) {
  const started = performance.now();
  box.value += character;
  box.dispatchEvent(new Event("input", {bubbles: true}));
  void results.offsetHeight;
  times.push(performance.now() - started);
}
return [times, document.getElementById("search-status").textContent];
"""


@functools.cache
def big_catalog():
    folder = support.scratch() / "big-catalog"
    subprocess.run([sys.executable, str(support.REPO / "benchmarks" / "site" / "generate.py"), str(HEROES),
                    str(folder)], check=True, capture_output=True)
    support.herald_build(folder / "herald", support.scratch() / "big-catalog-output")
    return support.Site("%d-hero site" % HEROES, support.scratch() / "big-catalog-output")


@functools.cache
def big_board():
    folder = support.scratch() / "big-board"
    (folder / "Content").mkdir(parents=True)
    lines = []
    for number in range(5_000):
        title = "Task %d +project%d @office" % (number + 1, number % 7)
        if number % 10 < 7:
            lines.append("x 2026-%02d-%02d 2025-01-01 %s" % (number % 11 + 1, number % 28 + 1, title))
        elif number % 10 == 7:
            lines.append("(B) 2026-10-01 %s status:doing" % title)
        else:
            lines.append("2026-10-01 %s due:2026-12-%02d" % (title, number % 28 + 1))
    (folder / "Content" / "tasks.todo.txt").write_text("\n".join(lines) + "\n")
    (folder / "herald.yml").write_text("title: Big board\ntasks:\n  source: Content/tasks.todo.txt\n"
                                       "  columns: [todo, doing, done]\n")
    support.herald_build(folder, support.scratch() / "big-board-output")
    return support.Site("5,000-task board", support.scratch() / "big-board-output")


class BigCatalogTests(support.BrowserTest):
    def test_the_index_of_20000_heroes_is_under_2_mb_and_loads_only_when_the_box_is_used(self):
        site = big_catalog()
        size = (site.output / "heroes" / "search-index.js").stat().st_size
        self.assertLess(size, INDEX_LIMIT, "the search index of %d heroes weighs %d bytes" % (HEROES, size))
        for origin in ("http", "file"):
            with self.subTest(origin=origin):
                self.driver.get(site.url(origin, "heroes/"))
                # The index script's global, and its script element: resource timing does not list
                # what a file:// page loads.
                loaded = ("return window.heraldHeroIndex !== undefined"
                          " || document.querySelector('script[src*=\"search-index\"]') !== null")
                self.assertFalse(self.driver.execute_script(loaded), "the index was loaded with the page")
                self.driver.find_element(By.ID, "hero-search").click()
                WebDriverWait(self.driver, 20, poll_frequency=0.05).until(
                    lambda driver: driver.execute_script("return window.heraldHeroIndex !== undefined"
                                                         " && document.getElementById('search-status').textContent === ''"),
                    "focusing the box did not load the index")

    def test_a_keystroke_filters_20000_heroes_in_under_50_ms(self):
        site = big_catalog()
        self.driver.get(site.url("http", "heroes/"))
        self.driver.find_element(By.ID, "hero-search").click()
        WebDriverWait(self.driver, 20, poll_frequency=0.05).until(
            lambda driver: driver.execute_script("return window.heraldHeroIndex !== undefined"))
        # A first pass warms the engine up. Three more are timed, and each keystroke counts by its
        # quickest: that is what it costs, where a slower pass measures a garbage collection or
        # another process on a busy machine (CI once saw one keystroke of twelve at 55 ms there).
        self.driver.execute_script(TIME_KEYSTROKES, "amber falcon")
        passes = [self.driver.execute_script(TIME_KEYSTROKES, "amber falcon") for _ in range(3)]
        times = [min(pass_times[index] for pass_times, _ in passes) for index in range(len("amber falcon"))]
        status = passes[-1][1]
        expected = sum(1 for hero in site.search_index()
                       if all(word in support.folded(hero["text"]) for word in ("amber", "falcon")))
        self.assertTrue(status.startswith("%d hero" % expected), "status %r, expected %d heroes" % (status, expected))
        slowest = max(times)
        print("  keystroke times over %d heroes: %s ms" % (HEROES, ", ".join("%.1f" % t for t in times)),
              file=sys.stderr)
        self.assertLess(slowest, KEYSTROKE_LIMIT_MS, "the slowest keystroke took %.1f ms" % slowest)


class BigBoardTests(support.BrowserTest):
    def test_a_board_of_5000_tasks_shows_50_done_and_pages_the_rest(self):
        site = big_board()
        weight = (site.output / "tasks" / "index.html").stat().st_size
        self.assertLess(weight, 1_000_000, "the board of 5,000 tasks weighs %d bytes" % weight)
        self.driver.get(site.url("http", "tasks/"))
        done = self.driver.find_element(By.ID, "column-done")
        self.assertEqual(len(done.find_elements(By.CSS_SELECTOR, "li.card")), 50)
        more = done.find_element(By.CSS_SELECTOR, ".more a")
        self.assertEqual(more.text, "All 3500 tasks in Done →")
        self.follow(more)
        self.assertEqual(self.heading(), "Done")
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "li.card")), 100)
        self.follow(self.driver.find_element(By.CSS_SELECTOR, "a[rel=next]"))
        self.assertEqual(self.heading(), "Done, page 2")


class PhoneTests(support.BrowserTest):
    """The default site at 390 px: the board a column a screen, fingers' targets, hero images."""

    def setUp(self):
        support.emulate(self.driver, size=support.PHONE)
        self.addCleanup(support.emulate, self.driver)

    def test_the_board_scrolls_sideways_a_column_a_screen(self):
        self.driver.get(support.default_site().url("http", "tasks/"))
        board, columns, snap, align = self.driver.execute_script("""
            const board = document.querySelector(".board");
            const columns = Array.from(board.querySelectorAll(":scope > .column"));
            return [[board.clientWidth, board.scrollWidth], columns.map(c => c.getBoundingClientRect().width),
                    getComputedStyle(board).scrollSnapType, columns.map(c => getComputedStyle(c).scrollSnapAlign)];
        """)
        self.assertGreater(board[1], board[0], "the board does not scroll sideways")
        self.assertIn("x mandatory", snap)
        self.assertTrue(all(value == "start" for value in align), align)
        # One column fills most of the screen, and the next one peeks in.
        self.assertTrue(all(0.8 * board[0] <= width < board[0] for width in columns), (columns, board))

    def test_a_long_title_wraps_the_header_without_overlap(self):
        folder = support.scratch() / "long-title"
        (folder / "Content" / "heroes").mkdir(parents=True)
        (folder / "Content" / "pages").mkdir()
        (folder / "herald.yml").write_text("title: The Quite Extraordinarily Long Name of Our Volunteer Team's Board\n"
                                           "tasks:\n  source: Content/tasks.todo.txt\nheroes:\n  source: Content/heroes\n")
        (folder / "Content" / "tasks.todo.txt").write_text("Water the plants\n")
        (folder / "Content" / "heroes" / "one.md").write_text("---\nname: Only One\n---\n")
        (folder / "Content" / "pages" / "about.md").write_text("---\ntitle: About our volunteer gardening team\n---\nHello.\n")
        support.herald_build(folder, folder / "Output")
        site = support.Site("long title", folder / "Output")
        for page in ("", "tasks/"):
            with self.subTest(page=page):
                self.driver.get(site.url("http", page))
                overlaps = self.driver.execute_script("""
                    const boxes = [document.querySelector(".brand"), ...document.querySelectorAll(".site-nav a")]
                      .map(e => [e.textContent.trim(), e.getBoundingClientRect()]);
                    const found = [];
                    boxes.forEach(([a, p], i) => boxes.slice(i + 1).forEach(([b, q]) => {
                      if (p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom) found.push(a + " / " + b);
                    }));
                    const width = document.documentElement.clientWidth;
                    boxes.forEach(([a, p]) => { if (p.right > width) found.push(a + " ends at " + p.right); });
                    return found;
                """)
                self.assertEqual(overlaps, [])

    def test_links_outside_running_text_are_44_px_targets(self):
        site = support.default_site()
        for page in ("", "tasks/", "heroes/", "heroes/page/2/"):
            with self.subTest(page=page):
                self.driver.get(site.url("http", page))
                small = self.driver.execute_script("""
                    return Array.from(document.querySelectorAll("a, input, button"))
                      .filter(e => !e.closest("p, li.card h3, .prose, .notes, .lead, .skip, footer, .sr-only"))
                      .filter(e => e.getClientRects().length > 0)
                      .filter(e => e.getBoundingClientRect().height < 44)
                      .map(e => e.outerHTML.slice(0, 80) + " is " + Math.round(e.getBoundingClientRect().height) + " px high");
                """)
                self.assertEqual(small, [])

    def test_a_hero_image_shows_and_one_that_fails_falls_back_to_the_initials(self):
        folder = support.scratch() / "images"
        (folder / "Content" / "heroes").mkdir(parents=True)
        site = support.Site("image site", folder / "Output")
        # The working image is served by the site's own server, whose port is known once it runs.
        (folder / "Output").mkdir()
        port = site.serve()
        (folder / "herald.yml").write_text("title: Images\nheroes:\n  source: Content/heroes\n")
        (folder / "Content" / "heroes" / "broken.md").write_text(
            "---\nname: Broken Mirror\nimage: http://127.0.0.1:9/nothing.png\n---\n")
        (folder / "Content" / "heroes" / "shown.md").write_text(
            "---\nname: Shown Face\nimage: http://127.0.0.1:%d/face.svg\n---\n" % port)
        support.herald_build(folder, folder / "Output")
        (folder / "Output" / "face.svg").write_text(
            '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="teal"/></svg>')
        for page, name in (("heroes/", None), ("heroes/broken-mirror/", "Broken Mirror"), ("heroes/shown-face/", "Shown Face")):
            with self.subTest(page=page):
                self.driver.get(site.url("http", page))
                images = self.driver.find_elements(By.CSS_SELECTOR, ".avatar img")
                self.assertEqual(len(images), 2 if name is None else 1)
                for image in images:
                    self.assertEqual(image.get_attribute("loading"), "lazy")
                    self.assertIn(image.get_attribute("width"), ("56", "112"))
                    self.assertEqual(image.get_attribute("width"), image.get_attribute("height"))
                    if name:
                        self.assertEqual(image.get_attribute("alt"), "Portrait of " + name)
                # Each avatar ends up showing its image or, when that fails, its initials.
                WebDriverWait(self.driver, 10, poll_frequency=0.05).until(lambda driver: driver.execute_script("""
                    return Array.from(document.querySelectorAll(".avatar img")).every(image =>
                        image.hidden ? true : image.complete && image.naturalWidth > 0);
                """), "an avatar image neither loaded nor gave way")
                shown = self.driver.execute_script("""
                    return Array.from(document.querySelectorAll(".avatar")).map(avatar => {
                        const image = avatar.querySelector("img");
                        return [avatar.querySelector("span").textContent, image && !image.hidden];
                    });
                """)
                expected = {"heroes/": [["BM", False], ["SF", True]], "heroes/broken-mirror/": [["BM", False]],
                            "heroes/shown-face/": [["SF", True]]}[page]
                self.assertEqual(shown, expected)

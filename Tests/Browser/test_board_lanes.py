"""Swimlanes and work-in-progress limits on the built board, on a desktop and a phone: the default
data split into lanes by assignee with Review limited to 3 (it holds 4). Each lane is a row with
its count and every column; a column over its limit says "4 / 3" in its head and is marked; on a
phone the heads wrap as a table of counts and each lane's columns scroll sideways. The counts are
worked out here from Content/tasks.yml, not read from Herald."""
import functools
import shutil
from collections import Counter

import yaml
from selenium.webdriver.common.by import By

import support
from environment import REPO

COLUMNS = ["todo", "doing", "review", "done"]
TITLES = {"todo": "To do", "doing": "Doing", "review": "Review", "done": "Done"}
LIMITS = {"doing": 6, "review": 3}


def tasks():
    return yaml.safe_load((REPO / "Content" / "tasks.yml").read_text())


@functools.cache
def lanes_site():
    source = support.scratch() / "board-lanes"
    shutil.copytree(REPO / "Content", source / "Content")
    config = (REPO / "herald.yml").read_text()
    limits = "  limits:\n" + "".join("    %s: %d\n" % pair for pair in LIMITS.items())
    start = config.index("  limits:")
    end = config.index("  calendar:")
    (source / "herald.yml").write_text(config[:start] + limits + "  swimlanes: assignee\n" + config[end:])
    support.herald_build(source, support.scratch() / "board-lanes-output")
    return support.Site("board with lanes", support.scratch() / "board-lanes-output")


class BoardLaneTests(support.BrowserTest):
    def open(self, size):
        if size == support.DESKTOP:
            support.emulate(self.driver)
        else:
            support.emulate(self.driver, size=size)
            self.addCleanup(support.emulate, self.driver)
        self.driver.get(lanes_site().url("http", "tasks/"))

    def boxes(self, selector, scope=None):
        return self.driver.execute_script("""
            return Array.from((arguments[1] || document).querySelectorAll(arguments[0])).map(element => {
              const box = element.getBoundingClientRect();
              return {top: box.top, bottom: box.bottom, left: box.left, right: box.right, width: box.width};
            });""", selector, scope)

    def check_lanes_and_limits(self, size):
        self.open(size)
        data = tasks()
        people = sorted({task["assignee"] for task in data}, key=str.lower)
        self.assertTrue(all(task.get("assignee") for task in data), "the default data assigns every task")
        by_person = Counter(task["assignee"] for task in data)
        by_cell = Counter((task["assignee"], task["status"]) for task in data)
        by_column = Counter(task["status"] for task in data)
        self.assertEqual(by_column["review"], 4, "the default data should put 4 tasks in Review")

        # The heads: every column's count and its limit, Review over it.
        for column in COLUMNS:
            head = self.driver.find_element(By.ID, "column-" + column)
            count = head.find_element(By.CSS_SELECTOR, "[data-column-total]")
            limit = LIMITS.get(column)
            shown = "%d / %d" % (by_column[column], limit) if limit else "%d" % by_column[column]
            over = limit is not None and by_column[column] > limit
            words = (", over its limit of %d" % limit if over else ", limit %d" % limit) if limit else ""
            # What is seen ("4 / 3"), and what a screen reader reads after it.
            self.assertEqual(self.driver.execute_script("return arguments[0].firstChild.nodeValue", count), shown)
            self.assertEqual(head.get_attribute("textContent"), "%s %s%s" % (TITLES[column], shown, words))
            self.assertEqual("over-limit" in head.get_attribute("class"), over, column)
        over = self.driver.find_element(By.CSS_SELECTOR, "#column-review .count")
        calm = self.driver.find_element(By.CSS_SELECTOR, "#column-doing .count")
        self.assertNotEqual(over.value_of_css_property("color"), calm.value_of_css_property("color"))
        self.assertNotEqual(self.driver.find_element(By.ID, "column-review").value_of_css_property("box-shadow"), "none")

        # The lanes: a row per person, in name order, each with its count and every column's.
        lanes = self.driver.find_elements(By.CSS_SELECTOR, "section.lane")
        self.assertEqual([lane.get_attribute("data-lane") for lane in lanes], people)
        for lane, person in zip(lanes, people):
            head = lane.find_element(By.CSS_SELECTOR, ".lane-head")
            self.assertEqual(head.text, "@%s %d" % (person, by_person[person]))
            cells = lane.find_elements(By.CSS_SELECTOR, "section.column")
            self.assertEqual([cell.get_attribute("data-column") for cell in cells], COLUMNS)
            for cell, column in zip(cells, COLUMNS):
                count = cell.find_element(By.CSS_SELECTOR, ".column-title [data-count]").text
                self.assertEqual(count, str(by_cell[(person, column)]), "%s, %s" % (person, column))
                self.assertEqual(len(cell.find_elements(By.CSS_SELECTOR, "li.card")), by_cell[(person, column)])

        # Rows: each lane below the last, none wider than the screen.
        rows = self.boxes("section.lane")
        for above, below in zip(rows, rows[1:]):
            self.assertGreaterEqual(below["top"], above["bottom"])
        width = self.driver.execute_script("return document.documentElement.clientWidth")
        self.assertLessEqual(self.driver.execute_script("return document.documentElement.scrollWidth"), width)
        return lanes, width

    def test_on_a_desktop_each_lane_is_a_row_of_every_column(self):
        lanes, width = self.check_lanes_and_limits(support.DESKTOP)
        heads = self.boxes(".lane-heads .column-head")
        for lane in lanes:
            cells = self.boxes("section.column", lane)
            self.assertEqual({round(cell["top"]) for cell in cells}, {round(cells[0]["top"])})
            for cell, head in zip(cells, heads):
                self.assertLess(abs(cell["left"] - head["left"]), 2, "a lane's column sits under its head")
            self.assertLessEqual(cells[-1]["right"], width)

    def test_on_a_phone_the_heads_wrap_and_each_lane_scrolls_sideways(self):
        lanes, width = self.check_lanes_and_limits(support.PHONE)
        heads = self.boxes(".lane-heads .column-head")
        self.assertEqual(len({round(head["top"]) for head in heads}), 2, "four heads wrap in two rows of two")
        self.assertTrue(all(head["right"] <= width for head in heads))
        for lane in lanes:
            row = lane.find_element(By.CSS_SELECTOR, ".board")
            scroll = self.driver.execute_script(
                "return [arguments[0].scrollWidth, arguments[0].clientWidth, getComputedStyle(arguments[0]).scrollSnapType]", row)
            self.assertGreater(scroll[0], scroll[1], "a lane's columns scroll sideways")
            self.assertIn("x mandatory", scroll[2])
            first = self.boxes("section.column", lane)[0]
            self.assertGreater(first["width"], width * 0.7, "a column a screen")

    def test_a_filter_counts_within_the_lanes_and_heads(self):
        person = "Maren"
        self.driver.get(lanes_site().url("http", "tasks/") + "?assignee=" + person)
        data = tasks()
        mine = Counter(task["status"] for task in data if task["assignee"] == person)
        every = Counter(task["status"] for task in data)
        for column in COLUMNS:
            total = self.driver.find_element(By.CSS_SELECTOR, "#column-%s [data-column-total]" % column)
            self.assertEqual(self.driver.execute_script("return arguments[0].firstChild.nodeValue", total),
                             "%d of %d" % (mine[column], every[column]))
        for lane in self.driver.find_elements(By.CSS_SELECTOR, "section.lane"):
            count = lane.find_element(By.CSS_SELECTOR, ".lane-head [data-count]").text
            owner = lane.get_attribute("data-lane")
            all_of_theirs = sum(1 for task in data if task["assignee"] == owner)
            self.assertEqual(count, "%d of %d" % (all_of_theirs if owner == person else 0, all_of_theirs))

"""The board as `herald serve` serves it, used in a real browser against a real server on
127.0.0.1, one server per test on a site of its own: a card dragged with the mouse, with a finger
(touch events through the DevTools protocol, on a phone) and with the keys, edited in place,
marked done and removed, each change undone; after every step the whole task file is compared
with the bytes it should hold, written out here rather than asked of Herald. Also: an action's
error on its card, a source Herald cannot write (a folder, a URL) with a note and no controls,
drops between swimlanes, no console error and axe-core clean."""
import itertools
import os
from datetime import datetime, timedelta, timezone

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait
from selenium_axe_python import Axe

import support
from test_accessibility import SERIOUS, describe

WAIT = 20
_sites = itertools.count()


class TodoTxt:
    path = "Content/todo.txt"
    original = ("(A) 2026-11-01 Call Mom +Family @phone due:2026-12-01\n"
                "2026-11-02 Pick up milk @GroceryStore\n"
                "2026-11-03 Write the report +Work status:doing\n"
                "x 2026-11-20 2026-11-01 Download the app\n")
    milk = "2026-11-02 Pick up milk @GroceryStore\n"

    def moved(self, column):
        return self.original.replace(self.milk, "2026-11-02 Pick up milk @GroceryStore status:%s\n" % column)

    def edited(self):
        return self.original.replace("Call Mom +Family @phone due:2026-12-01", "Call Mom and Dad +Family @phone due:2026-12-15")

    def removed(self):
        return self.original.replace(self.milk, "")

    def done(self, day):
        return self.original.replace(self.milk, "x %s 2026-11-02 Pick up milk @GroceryStore\n" % day)


class Json:
    path = "Content/tasks.json"
    original = ('[\n'
                '  {"id": 1, "title": "Call Mom", "status": "todo", "priority": "A", "due": "2026-12-01"},\n'
                '  {"id": 2, "title": "Pick up milk", "status": "todo"},\n'
                '  {"id": 3, "title": "Write the report", "status": "doing"},\n'
                '  {"id": 4, "title": "Download the app", "status": "done", "completed_at": "2026-11-20"}\n'
                ']\n')
    milk = '  {"id": 2, "title": "Pick up milk", "status": "todo"},\n'

    def moved(self, column):
        return self.original.replace(self.milk, '  {"id": 2, "title": "Pick up milk", "status": "%s"},\n' % column)

    def edited(self):
        return self.original.replace('"title": "Call Mom", "status": "todo", "priority": "A", "due": "2026-12-01"',
                                     '"title": "Call Mom and Dad", "status": "todo", "priority": "A", "due": "2026-12-15"')

    def removed(self):
        return self.original.replace(self.milk, "")

    def done(self, day):
        return self.original.replace(
            self.milk, '  {"id": 2, "title": "Pick up milk", "status": "done", "completed_at": "%s"},\n' % day)


def make_site(config, files):
    """A site folder of its own in the run's temporary folder: herald.yml and `files`."""
    folder = support.scratch() / ("served-%d" % next(_sites))
    folder.mkdir()
    for path, text in files.items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_bytes(text.encode())
    (folder / "herald.yml").write_text("title: Served board\ntimezone: UTC\n" + config)
    return folder


class ServedBoardCase(support.BrowserTest):
    """One `herald serve` per test, and what the tests do to its board."""

    def serve(self, config, files):
        self.site = make_site(config, files)
        self.server = support.HeraldServer(self.site)
        self.addCleanup(self.server.stop)
        support.console_errors(self.driver)

    def open_board(self):
        self.driver.get(self.server.url + "tasks/")
        self.wait_for(lambda: self.driver.find_elements(By.CSS_SELECTOR, ".herald-actions, .herald-read-only"),
                      "the served board's script should run")

    def wait_for(self, condition, message):
        def attempt(_):
            try:
                return condition()
            except WebDriverException as error:
                # The page reloading after a rebuild may take the element away mid-lookup, or
                # end the lookup with the page it ran in.
                if "does not belong to the document" in str(error) or "aborted by navigation" in str(error):
                    return False
                raise
        return WebDriverWait(self.driver, WAIT, poll_frequency=0.02,
                             ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)).until(
            attempt, message)

    def card(self, title, within=""):
        """The card whose title holds `title`, inside the element `within` selects."""
        scope = self.driver.find_element(By.CSS_SELECTOR, within) if within else self.driver
        return scope.find_element(By.XPATH, ".//li[contains(@class, 'card')][.//h3[contains(., '%s')]]" % title)

    def wait_for_card(self, title, within):
        """Waits until the board (reloaded after the rebuild) shows the card inside `within`."""
        self.wait_for(lambda: self.card(title, within).is_displayed(), "%r should be shown in %s" % (title, within))

    def wait_for_bytes(self, path, expected):
        """Waits until the task file holds exactly `expected`, then compares (a clear diff when not)."""
        file = self.site / path
        try:
            WebDriverWait(self.driver, WAIT, poll_frequency=0.02).until(lambda _: file.read_bytes() == expected.encode())
        except Exception:
            pass
        self.assertEqual(file.read_bytes().decode(), expected)

    def undo(self):
        """Presses the Undo the reloaded board offers for its last change."""
        button = self.wait_for(lambda: next((b for b in self.driver.find_elements(
            By.CSS_SELECTOR, "#herald-serve-toast button") if b.is_displayed() and b.text == "Undo"), None),
            "the board should offer to undo its last change")
        button.click()

    def assert_no_console_errors(self):
        self.assertEqual(support.console_errors(self.driver), [])


class ServedBoardFlows:
    """What a user does to a served board, for a task file of each format (`fmt`)."""
    fmt = None

    def setUp(self):
        self.serve("tasks:\n  source: %s\n  columns: [todo, doing, review, done]\n" % self.fmt.path,
                   {self.fmt.path: self.fmt.original})

    def test_a_card_dragged_with_the_mouse_moves_and_undo_moves_it_back(self):
        self.open_board()
        title = self.card("Pick up milk", "#column-todo").find_element(By.TAG_NAME, "h3")
        ActionChains(self.driver).drag_and_drop(title, self.driver.find_element(By.ID, "column-doing")).perform()
        self.wait_for_bytes(self.fmt.path, self.fmt.moved("doing"))
        self.wait_for_card("Pick up milk", "#column-doing")
        self.undo()
        self.wait_for_bytes(self.fmt.path, self.fmt.original)
        self.wait_for_card("Pick up milk", "#column-todo")
        self.assert_no_console_errors()

    def test_the_keyboard_picks_a_card_up_by_its_handle_and_drops_it_in_another_column(self):
        self.open_board()
        grip = self.card("Pick up milk", "#column-todo").find_element(By.CSS_SELECTOR, ".herald-grip")
        self.assertEqual(grip.get_attribute("aria-label"), "Move Pick up milk")
        grip.send_keys(Keys.SPACE)
        self.assertIn("herald-dragging", self.card("Pick up milk").get_attribute("class"))
        grip.send_keys(Keys.ARROW_RIGHT)
        self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, "section.herald-drop").get_attribute("id"), "column-doing")
        grip.send_keys(Keys.ARROW_RIGHT)
        grip.send_keys(Keys.ARROW_LEFT)
        self.assertIn("Over Doing", self.driver.find_element(By.ID, "herald-serve-toast").text)
        # Escape leaves the card where it was; picked up again, Space drops it.
        grip.send_keys(Keys.ESCAPE)
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, ".herald-dragging, section.herald-drop"), [])
        grip.send_keys(Keys.SPACE)
        grip.send_keys(Keys.ARROW_RIGHT)
        grip.send_keys(Keys.SPACE)
        self.wait_for_bytes(self.fmt.path, self.fmt.moved("doing"))
        self.wait_for_card("Pick up milk", "#column-doing")
        self.assert_no_console_errors()

    def test_the_move_list_moves_on_enter_not_while_the_arrow_keys_choose(self):
        self.open_board()
        choice = self.card("Pick up milk", "#column-todo").find_element(By.TAG_NAME, "select")
        choice.send_keys(Keys.ARROW_DOWN)
        choice.send_keys(Keys.ARROW_DOWN)
        self.wait_for(lambda: "Press Enter to move Pick up milk to Review" in
                      self.driver.find_element(By.ID, "herald-serve-toast").text, "the list should say Enter moves")
        self.assertEqual((self.site / self.fmt.path).read_bytes(), self.fmt.original.encode())
        choice.send_keys(Keys.ENTER)
        self.wait_for_bytes(self.fmt.path, self.fmt.moved("review"))
        self.wait_for_card("Pick up milk", "#column-review")
        self.assert_no_console_errors()

    def test_a_finger_drags_a_card_by_its_handle_on_a_phone(self):
        support.emulate(self.driver, size=support.PHONE)
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
        self.addCleanup(support.emulate, self.driver)
        self.addCleanup(self.driver.execute_cdp_cmd, "Emulation.setTouchEmulationEnabled", {"enabled": False})
        self.open_board()
        grip = self.card("Pick up milk", "#column-todo").find_element(By.CSS_SELECTOR, ".herald-grip")
        x, y, width = self.driver.execute_script("""
            arguments[0].scrollIntoView({block: "center"});
            const box = arguments[0].getBoundingClientRect();
            return [box.x + box.width / 2, box.y + box.height / 2, window.innerWidth];""", grip)
        # Chrome hands touch moves to the page with the next frame, so each step is waited for.
        self.touch("touchStart", x, y)
        self.touch("touchMove", x + 12, y)
        self.wait_for(lambda: "herald-dragging" in self.card("Pick up milk").get_attribute("class"),
                      "a finger moving the handle should pick the card up")
        # Held at the edge of the screen, the finger brings the next column in.
        self.touch("touchMove", width - 6, y)
        self.wait_for(lambda: self.driver.execute_script(
            "return document.getElementById('column-todo').parentElement.scrollLeft") > 0,
            "a finger at the edge should scroll the board sideways")
        self.touch("touchMove", width / 2, y)
        target = self.wait_for(lambda: self.driver.find_element(By.CSS_SELECTOR, "section.herald-drop:not(#column-todo)"),
                               "the column under the finger should be outlined").get_attribute("id")
        self.assertIn(target, ("column-doing", "column-review"))
        self.touch("touchEnd")
        column = target[len("column-"):]
        self.wait_for_bytes(self.fmt.path, self.fmt.moved(column))
        self.wait_for_card("Pick up milk", "#" + target)
        self.assert_no_console_errors()

    def touch(self, kind, x=0, y=0):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def test_a_title_and_due_date_edited_in_place_and_undone(self):
        self.open_board()
        self.card("Call Mom").find_element(By.XPATH, ".//button[. = 'Edit']").click()
        form = self.card("Call Mom").find_element(By.CSS_SELECTOR, "form.herald-edit")
        title = form.find_element(By.CSS_SELECTOR, "input[type=text]")
        self.assertEqual(self.driver.switch_to.active_element, title)
        title.clear()
        title.send_keys("Call Mom and Dad")
        # A date field is typed in the browser's own locale's order; its value is what a pick sets.
        self.driver.execute_script("arguments[0].value = '2026-12-15'", form.find_element(By.CSS_SELECTOR, "input[type=date]"))
        form.find_element(By.XPATH, ".//button[. = 'Save']").click()
        self.wait_for_bytes(self.fmt.path, self.fmt.edited())
        self.wait_for(lambda: self.card("Call Mom and Dad").find_element(By.CSS_SELECTOR, "time").get_attribute("datetime")
                      == "2026-12-15", "the card should show the new title and due date")
        self.undo()
        self.wait_for_bytes(self.fmt.path, self.fmt.original)
        self.wait_for(lambda: not self.driver.find_elements(By.XPATH, "//h3[contains(., 'Call Mom and Dad')]"),
                      "the old title should be back")
        self.assert_no_console_errors()

    def test_a_removed_task_comes_back_byte_for_byte_with_undo(self):
        self.open_board()
        self.card("Pick up milk").find_element(By.XPATH, ".//button[. = 'Remove']").click()
        self.driver.switch_to.alert.accept()
        self.wait_for_bytes(self.fmt.path, self.fmt.removed())
        self.wait_for(lambda: not self.driver.find_elements(By.XPATH, "//h3[contains(., 'Pick up milk')]"),
                      "the removed card should be gone")
        self.undo()
        self.wait_for_bytes(self.fmt.path, self.fmt.original)
        self.wait_for_card("Pick up milk", "#column-todo")
        self.assert_no_console_errors()

    def test_done_and_undone(self):
        self.open_board()
        days = {(datetime.now(timezone.utc) + timedelta(days=offset)).date().isoformat() for offset in (0, -1)}
        self.card("Pick up milk").find_element(By.XPATH, ".//button[. = 'Done']").click()
        self.wait_for_card("Pick up milk", "#column-done")
        written = (self.site / self.fmt.path).read_text()
        self.assertIn(written, [self.fmt.done(day) for day in days])
        self.undo()
        self.wait_for_bytes(self.fmt.path, self.fmt.original)
        self.wait_for_card("Pick up milk", "#column-todo")
        self.assert_no_console_errors()

    def test_a_read_only_task_file_is_an_error_on_the_card(self):
        self.open_board()
        os.chmod(self.site / self.fmt.path, 0o444)
        self.addCleanup(os.chmod, self.site / self.fmt.path, 0o644)
        self.card("Pick up milk").find_element(By.XPATH, ".//button[. = 'Done']").click()
        error = self.wait_for(lambda: self.card("Pick up milk").find_element(By.CSS_SELECTOR, ".herald-error"),
                              "the error should show on the card")
        self.assertIn("the task file is read-only; nothing was changed", error.text)
        self.assertEqual(error.get_attribute("role"), "alert")
        self.assertEqual((self.site / self.fmt.path).read_bytes(), self.fmt.original.encode())
        # The refused request is the one thing the console reports.
        self.assertEqual([line for line in support.console_errors(self.driver) if "/_herald/tasks" not in line
                          or "422" not in line], [])

    def test_a_task_removed_behind_the_boards_back_is_an_error_on_its_card(self):
        # A tab that has not heard of the rebuild yet: its event stream is held back.
        script = self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {
            "source": "window.EventSource = function () { return { addEventListener() {}, close() {} }; };"})
        self.addCleanup(self.driver.execute_cdp_cmd, "Page.removeScriptToEvaluateOnNewDocument",
                        {"identifier": script["identifier"]})
        self.open_board()
        (self.site / self.fmt.path).write_text(self.fmt.removed())
        self.card("Pick up milk").find_element(By.XPATH, ".//button[. = 'Done']").click()
        error = self.wait_for(lambda: self.card("Pick up milk").find_element(By.CSS_SELECTOR, ".herald-error"),
                              "the error should show on the card")
        self.assertIn("no task has the ID", error.text)
        self.assertEqual((self.site / self.fmt.path).read_text(), self.fmt.removed())

    def test_axe_finds_nothing_serious_on_the_served_board(self):
        axe = Axe(self.driver)
        failures = []
        for dark in (False, True):
            support.emulate(self.driver, dark=dark)
            self.open_board()
            axe.inject()
            serious = [v for v in axe.run(options={"resultTypes": ["violations"]})["violations"] if v["impact"] in SERIOUS]
            if serious:
                failures.append("%s:\n%s" % ("dark" if dark else "light", describe(serious)))
        support.emulate(self.driver)
        if failures:
            self.fail("axe-core found serious or critical violations on the served board:\n" + "\n".join(failures))
        self.assert_no_console_errors()


class TodoTxtServedBoardTests(ServedBoardFlows, ServedBoardCase):
    fmt = TodoTxt()


class JsonServedBoardTests(ServedBoardFlows, ServedBoardCase):
    fmt = Json()


class RepeatingTaskTests(ServedBoardCase):
    """Done on a repeating task adds its next occurrence; undo takes back both."""

    original = "2026-11-01 Water the plants rec:1w due:2026-11-20\nCall Mom\n"

    def test_done_adds_the_next_occurrence_and_undo_takes_both_back(self):
        self.serve("tasks:\n  source: Content/todo.txt\n", {"Content/todo.txt": self.original})
        self.open_board()
        self.card("Water the plants").find_element(By.XPATH, ".//button[. = 'Done']").click()
        self.wait_for_card("Water the plants", "#column-done")
        self.wait_for_card("Water the plants", "#column-todo")
        written = (self.site / "Content/todo.txt").read_text()
        completed = [(datetime.now(timezone.utc) + timedelta(days=offset)).date() for offset in (0, -1)]
        expected = ["x %s 2026-11-01 Water the plants rec:1w due:2026-11-20\nCall Mom\n%s Water the plants rec:1w due:%s\n"
                    % (day.isoformat(), day.isoformat(), (day + timedelta(weeks=1)).isoformat()) for day in completed]
        self.assertIn(written, expected)
        self.undo()
        self.wait_for_bytes("Content/todo.txt", self.original)
        self.wait_for(lambda: not self.driver.find_elements(By.CSS_SELECTOR, "#column-done li.card"),
                      "the done column should be empty again")
        self.assert_no_console_errors()


class ReadOnlySourceTests(ServedBoardCase):
    """A task source the editor cannot write: the board says why, and offers no control that would fail."""

    def check_read_only(self, reason):
        self.open_board()
        note = self.driver.find_element(By.CSS_SELECTOR, ".herald-read-only")
        self.assertTrue(note.is_displayed())
        self.assertTrue(note.text.startswith("This board is read-only here: "), note.text)
        self.assertIn(reason, note.text)
        self.assertTrue(self.driver.find_elements(By.CSS_SELECTOR, ".board li.card"))
        dead = self.driver.find_elements(By.CSS_SELECTOR, ".herald-actions, .herald-grip, .herald-add, li.card[draggable=true]")
        self.assertEqual(dead, [])
        self.assert_no_console_errors()

    def test_a_folder_of_notes(self):
        self.serve("tasks:\n  source: Content/tasks\n",
                   {"Content/tasks/water.md": "---\ntitle: Water the plants\nstatus: todo\n---\nThe ferns first.\n"})
        self.check_read_only("the tasks come from the folder 'Content/tasks'")

    def test_a_url(self):
        data = support.scratch() / ("remote-tasks-%d" % next(_sites))
        data.mkdir()
        (data / "tasks.json").write_text('[{"id": 1, "title": "Water the plants", "status": "todo"}]\n')
        remote = support.Site("remote tasks", data)
        self.serve("tasks:\n  source: http://127.0.0.1:%d/tasks.json\n" % remote.serve(), {})
        self.check_read_only("the tasks come from a URL")


class ServedLaneTests(ServedBoardCase):
    """A card dropped into another swimlane: by a priority the editor writes, it takes the lane's
    priority; by an assignee it cannot write, it moves to the column only, and the lane's columns
    say so while the card is dragged over them."""

    def lane_column(self, lane, column):
        return "#%s section.column[data-column=%s]" % (lane, column)

    def test_by_assignee_a_drop_changes_the_column_only_and_says_so(self):
        original = ('[\n'
                    '  {"id": 1, "title": "Call Mom", "status": "todo", "assignee": "Maren"},\n'
                    '  {"id": 2, "title": "Pick up milk", "status": "todo", "assignee": "Tobi"},\n'
                    '  {"id": 3, "title": "Write the report", "status": "doing", "assignee": "Maren"}\n'
                    ']\n')
        self.serve("tasks:\n  source: Content/tasks.json\n  columns: [todo, doing, done]\n  swimlanes: assignee\n",
                   {"Content/tasks.json": original})
        self.open_board()
        source = self.card("Call Mom", self.lane_column("lane-Maren", "todo")).find_element(By.TAG_NAME, "h3")
        target = self.driver.find_element(By.CSS_SELECTOR, self.lane_column("lane-Tobi", "doing"))
        ActionChains(self.driver).click_and_hold(source).move_to_element(target).perform()
        note = "Moves it to Doing only: the board does not change assignees, so it stays in the @Maren lane"
        self.assertEqual(target.get_attribute("data-herald-note"), note)
        shown = self.driver.execute_script("return getComputedStyle(arguments[0], '::before').content", target)
        self.assertEqual(shown, '"%s"' % note)
        own = self.driver.find_element(By.CSS_SELECTOR, self.lane_column("lane-Maren", "doing"))
        self.assertIsNone(own.get_attribute("data-herald-note"))
        ActionChains(self.driver).move_by_offset(2, 2).release().perform()
        self.wait_for_bytes("Content/tasks.json", original.replace(
            '"title": "Call Mom", "status": "todo"', '"title": "Call Mom", "status": "doing"'))
        self.wait_for_card("Call Mom", self.lane_column("lane-Maren", "doing"))
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "[data-herald-note]"), [])
        self.assert_no_console_errors()

    def test_by_priority_the_keys_move_a_card_to_another_lane_and_column_at_once(self):
        original = ("(A) 2026-11-01 Call Mom +Family\n"
                    "2026-11-02 Pick up milk @GroceryStore\n"
                    "(B) 2026-11-03 Write the report status:doing\n")
        self.serve("tasks:\n  source: Content/todo.txt\n  columns: [todo, doing, done]\n  swimlanes: priority\n",
                   {"Content/todo.txt": original})
        self.open_board()
        lanes = [lane.get_attribute("data-lane") for lane in self.driver.find_elements(By.CSS_SELECTOR, "section.lane")]
        self.assertEqual(lanes, ["A", "B", ""])
        grip = self.card("Pick up milk", self.lane_column("lane-none", "todo")).find_element(By.CSS_SELECTOR, ".herald-grip")
        grip.send_keys(Keys.SPACE)
        grip.send_keys(Keys.ARROW_UP)
        grip.send_keys(Keys.ARROW_RIGHT)
        self.assertIn("Over Doing, Priority B", self.driver.find_element(By.ID, "herald-serve-toast").text)
        grip.send_keys(Keys.SPACE)
        self.wait_for_bytes("Content/todo.txt", original.replace(
            "2026-11-02 Pick up milk @GroceryStore\n", "(B) 2026-11-02 Pick up milk @GroceryStore status:doing\n"))
        self.wait_for_card("Pick up milk", self.lane_column("lane-B", "doing"))
        self.undo()
        self.wait_for_bytes("Content/todo.txt", original)
        self.wait_for_card("Pick up milk", self.lane_column("lane-none", "todo"))
        axe = Axe(self.driver)
        axe.inject()
        serious = [v for v in axe.run(options={"resultTypes": ["violations"]})["violations"] if v["impact"] in SERIOUS]
        self.assertEqual(serious, [], describe(serious))
        self.assert_no_console_errors()

"""The board's calendar feed read by an independent iCalendar library (icalendar) and held to
RFC 5545's rules for the properties it uses; the burn-up and cycle-time numbers computed again
here from the data file (PyYAML), not taken from Herald."""
import re
import shutil
import statistics
import unittest
from datetime import date, timedelta

import yaml
from icalendar import Calendar

import support
from environment import REPO

TODAY = date.fromisoformat(support.BUILD_NOW[:10])


def tasks():
    return yaml.safe_load((REPO / "Content" / "tasks.yml").read_text())


def day(value):
    return value if isinstance(value, date) else date.fromisoformat(str(value)) if value else None


def events(path):
    raw = path.read_bytes()
    return raw, Calendar.from_ical(raw).walk("VEVENT")


class CalendarFeedTests(unittest.TestCase):
    def check_lines(self, raw):
        self.assertTrue(raw.endswith(b"\r\n"))
        for line in raw.split(b"\r\n")[:-1]:
            self.assertLessEqual(len(line), 75, "a content line over 75 octets: %r" % line)
            self.assertNotIn(b"\n", line)
            line.decode("utf-8")

    def test_every_due_date_is_an_all_day_event_with_a_stable_uid(self):
        site = support.default_site()
        raw, found = events(site.output / "tasks" / "calendar.ics")
        self.check_lines(raw)
        calendar = Calendar.from_ical(raw)
        self.assertEqual(str(calendar["VERSION"]), "2.0")
        self.assertTrue(str(calendar["PRODID"]))
        due = {str(task["id"]): task for task in tasks() if task.get("due")}
        self.assertEqual(len(found), len(due))
        uids = [str(event["UID"]) for event in found]
        self.assertEqual(len(set(uids)), len(uids), "UIDs must be unique")
        for event in found:
            task_id = re.match(r"task-(.+)@herald\.example\.org$", str(event["UID"])).group(1)
            task = due[task_id]
            start, end = event.decoded("DTSTART"), event.decoded("DTEND")
            self.assertEqual(event["DTSTART"].params.get("VALUE"), "DATE")
            self.assertEqual(start, day(task["due"]))
            self.assertEqual(end - start, timedelta(days=1))
            self.assertIn("DTSTAMP", event)
            done = task.get("status") == "done"
            self.assertEqual(str(event["SUMMARY"]), ("✓ " if done else "") + task["title"])

    def test_a_second_build_with_a_due_date_moved_keeps_every_uid(self):
        first_raw, first = events(support.default_site().output / "tasks" / "calendar.ics")
        source = support.scratch() / "calendar-moved"
        shutil.copytree(REPO / "Content", source / "Content")
        shutil.copy(REPO / "herald.yml", source / "herald.yml")
        text = (source / "Content" / "tasks.yml").read_text()
        moved_from = str(next(task["due"] for task in tasks() if task.get("due")))
        (source / "Content" / "tasks.yml").write_text(text.replace(moved_from, "2027-01-15", 1))
        support.herald_build(source, support.scratch() / "calendar-moved-output")
        _, second = events(support.scratch() / "calendar-moved-output" / "tasks" / "calendar.ics")
        self.assertEqual(sorted(str(e["UID"]) for e in first), sorted(str(e["UID"]) for e in second))
        moved = [e for e in second if e.decoded("DTSTART") == date(2027, 1, 15)]
        self.assertEqual(len(moved), 1)

    def test_each_project_has_its_own_feed(self):
        output = support.default_site().output
        for project in {task["project"] for task in tasks() if task.get("project")}:
            with self.subTest(project=project):
                raw, found = events(output / "tasks" / "projects" / project / "calendar.ics")
                self.check_lines(raw)
                expected = [t for t in tasks() if t.get("project") == project and t.get("due")]
                self.assertEqual(len(found), len(expected))
        board = (output / "tasks" / "index.html").read_text()
        self.assertIn('href="../tasks/calendar.ics"', board)


class ChartNumbersTests(unittest.TestCase):
    def board(self):
        return (support.default_site().output / "tasks" / "index.html").read_text()

    def test_burn_up_totals(self):
        data = tasks()
        created = [day(t.get("created")) for t in data if t.get("created")]
        done = [day(t.get("completed_at")) for t in data if t.get("status") == "done" and t.get("completed_at")]
        sunday = TODAY + timedelta(days=6 - TODAY.weekday())
        created_total = sum(1 for d in created if d <= sunday)
        done_total = sum(1 for d in done if d <= sunday)
        text = "%d tasks created and %d done" % (created_total, done_total)
        self.assertIn(text, self.board())
        missing = len(data) - len(created)
        if missing:
            self.assertIn("%d task%s no creation date" % (missing, " has" if missing == 1 else "s have"), self.board())

    def test_cycle_time_median_and_spread(self):
        spans = sorted((day(t["completed_at"]) - day(t["created"])).days for t in tasks()
                       if t.get("status") == "done" and t.get("created") and t.get("completed_at"))
        self.assertGreater(len(spans), 3)

        def rank(part):
            """The nearest-rank quantile: the smallest value with at least part/4 of them at or below it."""
            return next(value for value in spans if sum(1 for other in spans if other <= value) * 4 >= len(spans) * part)
        median = rank(2)
        self.assertLessEqual(abs(median - statistics.median(spans)), max(spans) - min(spans))
        unit = "day" if median == 1 else "days"
        self.assertIn("Median %d %s from created to done; the middle half took %d–%d"
                      % (median, unit, rank(1), rank(3)), self.board())


if __name__ == "__main__":
    unittest.main()

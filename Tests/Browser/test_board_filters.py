"""The board's filter bar, from disk and over HTTP: the choice is in the address (a link opens
the board filtered, the back button undoes a choice), the counts follow, and without JavaScript
the bar is hidden and every card shows. What each filter should keep is read from
Content/tasks.yml here, not from the page."""
from datetime import date

import yaml
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

import support
from environment import REPO

TODAY = date.fromisoformat(support.BUILD_NOW[:10])
ORIGINS = ("file", "http")


def tasks():
    return yaml.safe_load((REPO / "Content" / "tasks.yml").read_text())


class BoardFilterTests(support.BrowserTest):
    def visible_ids(self):
        return sorted(self.driver.execute_script("""
            return Array.from(document.querySelectorAll(".board .card"))
                .filter(card => !card.hidden && card.offsetParent !== null)
                .map(card => card.querySelector(".task-id").textContent)"""), key=int)

    def status(self):
        return self.driver.find_element(By.CSS_SELECTOR, ".filter-status").text

    def wait_for(self, condition, message):
        WebDriverWait(self.driver, 10, poll_frequency=0.02).until(lambda _: condition(), message)

    def test_a_filtered_address_opens_the_board_filtered(self):
        site = support.default_site()
        data = tasks()
        assignee = "Maren"
        overdue = sorted(str(t["id"]) for t in data if t.get("assignee") == assignee and t.get("status") != "done"
                         and t.get("due") and date.fromisoformat(str(t["due"])) < TODAY)
        self.assertTrue(overdue, "the default data should have an overdue task of %s" % assignee)
        for origin in ORIGINS:
            with self.subTest(origin=origin):
                self.driver.get(site.url(origin, "tasks/") + "?assignee=%s&due=overdue" % assignee)
                self.assertEqual(self.visible_ids(), sorted(overdue, key=int))
                self.assertEqual(self.status(), "%d of %d tasks shown" % (len(overdue), len(data)))
                self.assertEqual(Select(self.driver.find_element(By.NAME, "assignee")).first_selected_option.text,
                                 "@" + assignee)

    def test_choices_go_into_the_address_and_back_undoes_them(self):
        site = support.default_site()
        data = tasks()
        for origin in ORIGINS:
            with self.subTest(origin=origin):
                self.driver.get(site.url(origin, "tasks/"))
                self.assertEqual(len(self.visible_ids()), len(data))
                self.assertEqual(self.status(), "")
                project = sorted({t["project"] for t in data if t.get("project")})[0]
                Select(self.driver.find_element(By.NAME, "project")).select_by_value(project)
                expected = sorted((str(t["id"]) for t in data if t.get("project") == project), key=int)
                self.wait_for(lambda: self.visible_ids() == expected, "the project filter should keep its tasks")
                self.assertTrue(self.driver.current_url.endswith("?project=" + project), self.driver.current_url)
                # The column heads count what is shown.
                todo = [t for t in data if t.get("project") == project and t["status"] == "todo"]
                head = self.driver.find_element(By.CSS_SELECTOR, "#column-todo [data-count]").text
                self.assertTrue(head.startswith("%d of " % len(todo)), head)
                tag = sorted({tag for t in data for tag in t.get("tags", [])})[0]
                Select(self.driver.find_element(By.NAME, "tag")).select_by_value(tag)
                both = sorted((str(t["id"]) for t in data if t.get("project") == project
                               and tag in t.get("tags", [])), key=int)
                self.wait_for(lambda: self.visible_ids() == both, "tag and project combine")
                self.driver.back()
                self.wait_for(lambda: self.visible_ids() == expected, "back undoes the tag")
                self.driver.back()
                self.wait_for(lambda: len(self.visible_ids()) == len(data), "back again shows every card")
                self.driver.find_element(By.CSS_SELECTOR, ".filters button[type=reset]").click()
                self.wait_for(lambda: len(self.visible_ids()) == len(data), "Show all shows every card")

    def test_without_javascript_every_card_shows_and_the_bar_is_hidden(self):
        site = support.default_site()
        driver = support.new_driver()
        self.addCleanup(driver.quit)
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
        driver.get(site.url("http", "tasks/") + "?assignee=Maren")
        cards = driver.find_elements(By.CSS_SELECTOR, ".board .card")
        self.assertEqual(len([card for card in cards if card.is_displayed()]), len(tasks()))
        self.assertFalse(driver.find_element(By.CSS_SELECTOR, "[data-filters]").is_displayed())

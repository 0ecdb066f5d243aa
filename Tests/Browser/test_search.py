"""The catalog's search box (assets/search.js), from disk and over HTTP, on both sites."""
import re

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

import support

ORIGINS = ("file", "http")


def matching_names(site, query):
    """The names of the heroes of the built search index whose text holds every word of `query`."""
    words = support.folded(query).split()
    return sorted(hero["name"] for hero in site.search_index() if all(word in support.folded(hero["text"]) for word in words))


class CatalogSearchTests(support.BrowserTest):
    def search(self, site, origin, query):
        """Opens the catalog, focuses the box (the index may load only then), types `query`, and
        waits for the count; returns the box."""
        self.driver.get(site.url(origin, "heroes/"))
        box = WebDriverWait(self.driver, 5, poll_frequency=0.02).until(
            expected_conditions.element_to_be_clickable((By.ID, "hero-search")),
            "the search box of %s's catalog (%s) never became usable" % (site.name, origin))
        box.click()
        box.send_keys(query)
        self.wait_for_status(r"\d+ hero(es)? found.*", "typing %r on %s (%s)" % (query, site.name, origin))
        return box

    def wait_for_status(self, pattern, action):
        status = self.driver.find_element(By.ID, "search-status")
        try:
            WebDriverWait(self.driver, 5, poll_frequency=0.02).until(lambda _: re.fullmatch(pattern, status.text))
        except TimeoutException:
            self.fail("#search-status did not match %r after %s; it says %r" % (pattern, action, status.text))

    def result_names(self):
        return sorted(link.text for link in self.driver.find_elements(By.CSS_SELECTOR, "#search-results li a"))

    def assert_showing_results(self):
        self.assertTrue(self.driver.find_element(By.ID, "search-results").is_displayed(), "results are hidden")
        self.assertFalse(self.driver.find_element(By.ID, "catalog").is_displayed(), "the full catalog still shows")

    def test_accented_names_are_found_without_accents_and_with(self):
        site = support.default_site()
        for origin in ORIGINS:
            for query in ("senora", "TORMENTA Señora"):
                with self.subTest(origin=origin, query=query):
                    self.search(site, origin, query)
                    self.assertEqual(self.driver.find_element(By.ID, "search-status").text, "1 hero found")
                    self.assertEqual(self.result_names(), ["Señora Tormenta"])
                    self.assert_showing_results()

    def test_results_are_the_matching_heroes_and_lead_to_their_pages(self):
        cases = [(support.default_site(), "meridian"), (support.generated_site(), "storm falcon")]
        for site, query in cases:
            expected = matching_names(site, query)
            self.assertGreater(len(expected), 1, "the query %r should find several heroes of %s" % (query, site.name))
            self.assertLessEqual(len(expected), 100, "search.js shows 100 cards at most")
            for origin in ORIGINS:
                with self.subTest(site=site.name, origin=origin, query=query):
                    self.search(site, origin, query)
                    self.assertEqual(self.driver.find_element(By.ID, "search-status").text,
                                     "%d heroes found" % len(expected))
                    self.assertEqual(self.result_names(), expected)
                    self.assert_showing_results()
                    first = self.driver.find_element(By.CSS_SELECTOR, "#search-results li a")
                    name = first.text
                    self.follow(first)
                    self.assertEqual(self.heading(), name, "the first result's link leads elsewhere")

    def test_a_query_without_matches_says_so(self):
        site = support.default_site()
        for origin in ORIGINS:
            with self.subTest(origin=origin):
                self.search(site, origin, "xylophone")
                self.assertEqual(self.driver.find_element(By.ID, "search-status").text, "0 heroes found")
                self.assertEqual(self.result_names(), [])

    def test_clearing_the_box_restores_the_catalog(self):
        site = support.default_site()
        for origin in ORIGINS:
            with self.subTest(origin=origin):
                box = self.search(site, origin, "meridian")
                box.send_keys(Keys.CONTROL, "a")
                box.send_keys(Keys.BACKSPACE)
                self.wait_for_status("", "clearing the box")
                self.assertFalse(self.driver.find_element(By.ID, "search-results").is_displayed(),
                                 "the results stay after clearing the box")
                catalog = self.driver.find_element(By.ID, "catalog")
                self.assertTrue(catalog.is_displayed(), "the catalog does not come back after clearing the box")
                self.assertEqual(len(catalog.find_elements(By.CSS_SELECTOR, "li.hero-card")), 12,
                                 "the first catalog page (per_page: 12) should be back")

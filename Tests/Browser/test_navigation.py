"""Following the catalog's links by clicking them, from disk and over HTTP, on both sites: the
pages they land on must be the ones they name."""
from selenium.webdriver.common.by import By

import support

ORIGINS = ("file", "http")
SITES = (support.default_site, support.generated_site)


def index_names(site):
    return [hero["name"] for hero in site.search_index()]


class NavigationTests(support.BrowserTest):
    def card_names(self):
        """The hero named by each card of the catalog (a card's picture may be a link without text)."""
        return self.driver.execute_script("""
            return Array.from(document.querySelectorAll("#catalog .hero-card"), card =>
                Array.from(card.querySelectorAll("a"), link => link.textContent.trim()).find(text => text));""")

    def texts(self, css):
        return self.driver.execute_script(
            "return Array.from(document.querySelectorAll(arguments[0]), element => element.textContent)", css)

    def link(self, css):
        links = self.driver.find_elements(By.CSS_SELECTOR, css)
        return links[0] if links else None

    def test_the_pager_walks_every_hero_once_in_order(self):
        for make_site in SITES:
            site = make_site()
            for origin in ORIGINS:
                with self.subTest(site=site.name, origin=origin):
                    self.driver.get(site.url(origin, "heroes/"))
                    self.assertEqual(self.heading(), "Heroes")
                    seen = self.card_names()
                    number = 1
                    while (next_link := self.link('nav[aria-label="Pages"] a[rel="next"]')) is not None:
                        self.follow(next_link)
                        number += 1
                        self.assertTrue(self.driver.current_url.endswith("heroes/page/%d/index.html" % number),
                                        self.driver.current_url)
                        self.assertEqual(self.heading(), "Heroes, page %d" % number)
                        current = self.driver.find_element(By.CSS_SELECTOR, '.pager [aria-current="page"]')
                        self.assertEqual(current.text, str(number))
                        seen += self.card_names()
                    self.assertGreater(number, 1, "the catalog of %s should have several pages" % site.name)
                    self.assertEqual(seen, index_names(site))
                    self.follow(self.link('nav[aria-label="Pages"] a[rel="prev"]'))
                    previous = number - 1
                    self.assertEqual(self.heading(), "Heroes, page %d" % previous if previous > 1 else "Heroes")

    def test_group_links_lead_to_their_heroes(self):
        for make_site in SITES:
            site = make_site()
            for origin in ORIGINS:
                with self.subTest(site=site.name, origin=origin):
                    self.driver.get(site.url(origin, "heroes/"))
                    self.follow(self.driver.find_element(By.LINK_TEXT, "Alignment"))
                    self.assertEqual(self.heading(), "Heroes by alignment")
                    self.follow(self.driver.find_element(By.LINK_TEXT, "good"))
                    self.assertTrue(self.driver.current_url.endswith("heroes/alignment/good/index.html"),
                                    self.driver.current_url)
                    self.assertEqual(self.heading(), "Alignment: good")
                    self.assertEqual(set(self.texts(".hero-card .badge")), {"good"})

                    self.driver.get(site.url(origin, "heroes/"))
                    self.follow(self.driver.find_element(By.LINK_TEXT, "Publisher"))
                    self.assertEqual(self.heading(), "Heroes by publisher")
                    first = self.driver.find_element(By.CSS_SELECTOR, "main ul li a")
                    publisher = first.text
                    self.follow(first)
                    self.assertEqual(self.heading(), "Publisher: %s" % publisher)
                    details = self.texts(".hero-card .details")
                    self.assertTrue(details)
                    for text in details:
                        self.assertTrue(text.startswith(publisher + " · "), text)

    def test_previous_and_next_hero(self):
        for make_site in SITES:
            site = make_site()
            names = index_names(site)
            for origin in ORIGINS:
                with self.subTest(site=site.name, origin=origin):
                    self.driver.get(site.url(origin, "heroes/"))
                    self.follow(self.driver.find_element(By.CSS_SELECTOR, "#catalog .hero-card a"))
                    self.assertEqual(self.heading(), names[0])
                    self.assertIsNone(self.link('a[rel="prev"]'), "the first hero has a previous one")
                    self.follow(self.link('a[rel="next"]'))
                    self.assertEqual(self.heading(), names[1])
                    self.follow(self.link('a[rel="next"]'))
                    self.assertEqual(self.heading(), names[2])
                    self.follow(self.link('a[rel="prev"]'))
                    self.assertEqual(self.heading(), names[1])

"""Every page of the default site, opened over HTTP and from disk: no console error, no request
that failed or left the site, no image that did not decode."""
import json

import support

# The 404 page links from the site's root ("/assets/…"), as it is served at whatever address was
# not found; from disk those links point at the root of the file system.
SERVED_ONLY = {"404.html"}


class PageLoadTests(support.BrowserTest):
    def problems(self, url, site_prefix):
        """Everything that went wrong loading `url`: console errors, failed requests, requests
        that left `site_prefix` (the site needs no network), images that did not decode."""
        self.driver.get_log("browser")
        self.driver.get_log("performance")
        self.driver.get(url)
        found = ["broken image %s" % src for src in self.driver.execute_async_script(support.LOAD_IMAGES)]
        found += ["console %s: %s" % (entry["level"], entry["message"])
                  for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            params = message["params"]
            if message["method"] == "Network.requestWillBeSent":
                address = params["request"]["url"]
                if not address.startswith((site_prefix, "data:")):
                    found.append("request outside the site: %s" % address)
            elif message["method"] == "Network.responseReceived" and params["response"]["status"] >= 400:
                found.append("HTTP %d for %s" % (params["response"]["status"], params["response"]["url"]))
            elif message["method"] == "Network.loadingFailed" and not params.get("canceled"):
                found.append("request failed (%s): %s" % (params["errorText"], params.get("type")))
        return found

    def check_every_page(self, origin):
        site = support.default_site()
        pages = [page for page in site.pages() if origin == "http" or page not in SERVED_ONLY]
        self.assertGreater(len(pages), 40, "the default site should have dozens of pages")
        prefix = site.root(origin)
        failures = []
        for page in pages:
            failures += ["%s: %s" % (page, problem) for problem in self.problems(site.url(origin, page), prefix)]
        if failures:
            self.fail("problems loading the pages from %s:\n" % origin + "\n".join(failures))

    def test_every_page_over_http(self):
        self.check_every_page("http")

    def test_every_page_from_disk(self):
        self.check_every_page("file")

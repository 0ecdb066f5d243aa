"""axe-core (as shipped by selenium-axe-python) on the default site's main pages, light and dark:
no violation of serious or critical impact."""
from selenium_axe_python import Axe

import support

PAGES = ["", "tasks/", "heroes/", "heroes/senora-tormenta/", "tasks/report/"]
SERIOUS = {"serious", "critical"}


def describe(violations):
    lines = []
    for violation in violations:
        lines.append("%s (%s): %s  %s" % (violation["id"], violation["impact"], violation["help"],
                                          violation["helpUrl"]))
        for node in violation["nodes"]:
            lines.append("    %s  %s" % (" ".join(node["target"]), node["html"][:160]))
            lines.append("        " + node["failureSummary"].replace("\n", "\n        "))
    return "\n".join(lines)


class AxeTests(support.BrowserTest):
    def check(self, dark):
        support.emulate(self.driver, dark=dark)
        site = support.default_site()
        axe = Axe(self.driver)
        failures = []
        for page in PAGES:
            self.driver.get(site.url("http", page))
            axe.inject()
            results = axe.run(options={"resultTypes": ["violations"]})
            serious = [violation for violation in results["violations"] if violation["impact"] in SERIOUS]
            if serious:
                failures.append("/%s:\n%s" % (page, describe(serious)))
        if failures:
            self.fail("axe-core found serious or critical violations:\n" + "\n".join(failures))

    def test_light(self):
        self.check(dark=False)

    def test_dark(self):
        self.check(dark=True)

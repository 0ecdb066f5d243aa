"""The default site on a 390 px phone in dark mode, and with reduced motion asked for."""
import support

# Elements that stick out of the viewport on the right. What a scroll container (overflow-x auto
# or scroll: the board's columns on a phone, a code block) holds can be scrolled to, so only the
# container itself must fit; anything else past the right edge is cut off or widens the page,
# such as an absolutely positioned element inside a scroll container that is not its containing
# block: the container does not clip it. The width is the layout viewport's: a phone zooms out
# to show a page that overflows, and innerWidth grows with it.
OVERFLOWING = """
const width = document.documentElement.clientWidth;
const found = [];
if (document.documentElement.scrollWidth > width) {
  found.push("the page scrolls sideways: " + document.documentElement.scrollWidth + " px wide");
}
const scrolls = style => ["auto", "scroll"].includes(style.overflowX);
const name = element => element.tagName.toLowerCase() + (element.id ? "#" + element.id : "") +
    Array.from(element.classList, c => "." + c).join("");
function escapes(element, style, container) {
  if (style.position === "fixed") return true;
  if (style.position !== "absolute") return false;
  for (let above = element.parentElement; above; above = above.parentElement) {
    if (getComputedStyle(above).position !== "static") return false;
    if (above === container) return true;
  }
  return true;
}
function visit(element, container) {
  const style = getComputedStyle(element);
  const free = container === null || escapes(element, style, container);
  const box = element.getBoundingClientRect();
  if (free && (box.width > 0 || box.height > 0) && box.right > width + 0.5) {
    found.push(name(element) + " ends at " + Math.round(box.right) + " px: " +
               JSON.stringify(element.textContent.trim().slice(0, 60)));
  }
  const inside = scrolls(style) ? element : free ? null : container;
  Array.from(element.children).forEach(child => visit(child, inside));
}
visit(document.body, null);
return found;
"""

# The colours the page is painted with, as [r, g, b] of the body's background and text.
COLOURS = """
const rgb = text => text.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number);
const style = getComputedStyle(document.body);
return [rgb(style.backgroundColor), rgb(style.color)];
"""

# Every element (and ::before/::after) whose animation or transition lasts longer than 10 ms.
MOVING = """
const seconds = list => Math.max(...list.split(",").map(value =>
    parseFloat(value) * (value.trim().endsWith("ms") ? 0.001 : 1)));
const found = [];
for (const element of document.querySelectorAll("*")) {
  for (const pseudo of [null, "::before", "::after"]) {
    const style = getComputedStyle(element, pseudo);
    const what = element.tagName.toLowerCase() + Array.from(element.classList, c => "." + c).join("") + (pseudo || "");
    if (style.animationName !== "none" && seconds(style.animationDuration) > 0.01) {
      found.push(what + " animates for " + style.animationDuration);
    }
    if (style.transitionProperty !== "none" && seconds(style.transitionDuration) > 0.01) {
      found.push(what + " transitions " + style.transitionProperty + " for " + style.transitionDuration);
    }
    if (pseudo === null && style.scrollBehavior === "smooth") found.push(what + " scrolls smoothly");
  }
}
return [...new Set(found)];
"""


def luminance(rgb):
    """WCAG relative luminance of an sRGB colour."""
    channels = [c / 255 for c in rgb]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


class PhoneDarkLayoutTests(support.BrowserTest):
    def test_nothing_overflows_a_390px_phone_in_dark_mode(self):
        support.emulate(self.driver, dark=True, size=support.PHONE)
        site = support.default_site()
        failures = []
        for page in site.pages():
            self.driver.get(site.url("http", page))
            width = self.driver.execute_script("return document.documentElement.clientWidth")
            self.assertEqual(width, support.PHONE[0], "%s: the phone's width is not emulated" % page)
            background, text = self.driver.execute_script(COLOURS)
            self.assertLess(luminance(background), 0.05, "%s: dark mode is not in effect (background %s)"
                            % (page, background))
            self.assertGreater(luminance(text), 0.5, "%s: dark mode text is not light (%s)" % (page, text))
            failures += ["%s: %s" % (page, problem) for problem in self.driver.execute_script(OVERFLOWING)]
        if failures:
            self.fail("wider than a 390 px phone:\n" + "\n".join(failures))


class ReducedMotionTests(support.BrowserTest):
    PAGES = ["", "tasks/", "heroes/", "heroes/senora-tormenta/", "tasks/report/"]

    def test_nothing_moves_when_reduced_motion_is_asked_for(self):
        support.emulate(self.driver, reduced_motion=True)
        site = support.default_site()
        for page in self.PAGES:
            with self.subTest(page=page):
                self.driver.get(site.url("http", page))
                self.assertTrue(self.driver.execute_script(
                    "return matchMedia('(prefers-reduced-motion: reduce)').matches"), "reduced motion is not emulated")
                moving = self.driver.execute_script(MOVING)
                if moving:
                    self.fail("moving though reduced motion is asked for:\n" + "\n".join(moving))

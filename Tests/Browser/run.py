"""Runs the browser suite (README.md here): `run.py` for all of it, `run.py test_search` or
`run.py test_search.CatalogSearchTests.test_a_query_without_matches_says_so` for a part.

Without Chromium, its driver, Java or the Python packages (`make deps` installs them), the suite
says on stderr that it is skipped and exits 0, except under CI (the CI variable set and not
"false", or HERALD_BROWSER_TESTS=required, which .ci/run sets), where that is a failure.
"""
import os
import sys
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import environment  # noqa: E402  (found through the path set above)


def required():
    return (os.environ.get("CI", "").lower() not in ("", "0", "false")
            or os.environ.get("HERALD_BROWSER_TESTS") == "required")


def main(names):
    if not os.access(environment.HERALD, os.X_OK):
        sys.exit("browser tests: no herald binary at %s (run `swift build --product herald`, or set HERALD)"
                 % environment.HERALD)
    missing = environment.missing()
    if missing:
        what = "; ".join(missing)
        if required():
            sys.exit("browser tests FAILED: missing %s; they are required under CI (`make deps` installs them)"
                     % what)
        print("browser tests SKIPPED: missing %s (`make deps` installs them; it needs apt-get, root or sudo, "
              "and PyPI)" % what, file=sys.stderr)
        return
    loader = unittest.TestLoader()
    suite = loader.loadTestsFromNames(names) if names else loader.discover(str(HERE), top_level_dir=str(HERE))
    result = unittest.TextTestRunner(verbosity=2).run(suite)
    sys.exit(0 if result.wasSuccessful() else 1)


if __name__ == "__main__":
    main(sys.argv[1:])

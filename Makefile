# The two commands a newcomer needs: `make site` builds the default site into Output/,
# `make test` runs every test: the Swift tests, then the browser suite (Tests/Browser/README.md).
# Both install what they need when it is missing: `make deps` installs all of it.
# `make screenshots` writes docs/screenshots/*.png of the default site, the README's Dota 2 example
# and boards of real task data with the same browser.
# `make bench` runs the benchmark suite (benchmarks/README.md): 1,000, 10,000 and 100,000 pages.
# `make test-slow` runs every test with the long crash-safety run (50 kills mid-commit), long
# random edit sequences on every task format (200 operations a seed and file variant) and a long
# differential run (300 random site edits, each incremental build compared with a clean one);
# `make bench-build` compiles the benchmark package (benchmarks/template-engine) without running it,
# so that CI finds a change to Herald's modules that breaks it before `make bench` does;
# `make fuzz` runs each libFuzzer target for FUZZ_SECONDS (default 60) seconds (fuzz/run.sh).
# `make install` builds the release binary and installs it with its shell completions under
# $(DESTDIR)$(PREFIX): bin/herald, and the bash, zsh and fish completion folders of share/.
SWIFT ?= swift
PREFIX ?= /usr/local
DESTDIR ?=
FUZZ_SECONDS ?= 60
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := pkg-config libcmark-dev libsqlite3-dev libjemalloc-dev
BENCH_APT_PACKAGES := hugo cmark
# The browser suite: Debian's Chromium and its driver, Java for the Nu HTML checker and jing,
# and venv for the Python packages of Tests/Browser/requirements.txt.
BROWSER_APT_PACKAGES := chromium chromium-driver default-jre-headless python3-venv
BROWSER_VENV := .build/browser-venv
# moto's S3 server, which HeraldDeployTests deploy to (Tests/HeraldDeployTests/Moto/requirements.txt).
DEPLOY_VENV := .build/deploy-venv
# The suite runs in the virtual environment when it was made; with the system's python3 it can
# only say what is missing.
BROWSER_PYTHON = $(shell [ -x $(BROWSER_VENV)/bin/python ] && echo $(BROWSER_VENV)/bin/python || echo python3)
# The herald binary the browser suite builds its sites with (default: .build/debug/herald, built).
HERALD ?=
# Release builds link the Swift runtime and Foundation in: the binary then starts in 10 ms rather
# than 17 (no symbols to bind in the toolchain's shared libraries), and runs where Swift is not installed.
RELEASE_BUILD := build -c release --product herald --static-swift-stdlib

.PHONY: deps deps-libs deps-deploy deps-browser deps-browser-apt deps-taskwarrior build test test-browser test-slow fuzz site bench bench-build screenshots install clean format lint

deps: deps-libs deps-deploy deps-browser deps-taskwarrior

# Taskwarrior imports what herald tasks wrote into its export; without it that test is skipped,
# and fails under CI.
deps-taskwarrior:
	@if ! command -v task >/dev/null; then \
		echo "Installing taskwarrior…"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq taskwarrior \
			|| echo "warning: could not install taskwarrior; the Taskwarrior round-trip test will be skipped"; \
	fi

# python3 runs the HTTP server the remote-data tests talk to.
deps-libs:
	@if ! pkg-config --exists libcmark sqlite3 jemalloc 2>/dev/null || ! command -v python3 >/dev/null; then \
		echo "Installing $(APT_PACKAGES) python3…"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $(APT_PACKAGES) python3; \
	fi

# The S3 deploy tests are skipped, saying so, when it cannot be installed.
deps-deploy: $(DEPLOY_VENV)/installed

$(DEPLOY_VENV)/installed: Tests/HeraldDeployTests/Moto/requirements.txt
	@if ! python3 -c 'import ensurepip' 2>/dev/null; then \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3-venv; \
	fi
	@echo "Installing moto's S3 server into $(DEPLOY_VENV)…"
	@python3 -m venv $(DEPLOY_VENV) && $(DEPLOY_VENV)/bin/pip install -q -r Tests/HeraldDeployTests/Moto/requirements.txt \
		&& touch $@ || echo "warning: could not install moto; the S3 deploy tests will be skipped"

# Nothing here stops the build when it cannot be installed (no apt-get, no root or sudo, no
# network): the browser suite then says it is skipped, and fails under CI.
deps-browser: $(BROWSER_VENV)/installed

deps-browser-apt:
	@if ! command -v chromium >/dev/null || [ ! -x /usr/bin/chromedriver ] || ! command -v java >/dev/null \
			|| ! python3 -c 'import ensurepip' 2>/dev/null; then \
		echo "Installing $(BROWSER_APT_PACKAGES)…"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $(BROWSER_APT_PACKAGES) \
			|| echo "warning: could not install $(BROWSER_APT_PACKAGES); the browser tests will be skipped"; \
	fi

$(BROWSER_VENV)/installed: Tests/Browser/requirements.txt | deps-browser-apt
	@echo "Installing the browser suite's Python packages into $(BROWSER_VENV)…"
	@python3 -m venv $(BROWSER_VENV) && $(BROWSER_VENV)/bin/pip install -q -r Tests/Browser/requirements.txt \
		&& touch $@ || echo "warning: could not install Tests/Browser/requirements.txt; the browser tests will be skipped"

build: deps-libs
	$(SWIFT) build

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) --no-print-directory test-browser HERALD=.build/debug/herald

# The browser suite alone (Tests/Browser/README.md): it builds the herald binary unless HERALD names one.
test-browser: deps-browser
	@[ -n "$(HERALD)" ] || $(SWIFT) build --product herald
	HERALD="$(or $(HERALD),.build/debug/herald)" $(BROWSER_PYTHON) Tests/Browser/run.py

test-slow: deps
	$(SWIFT) build --build-tests
	HERALD_CRASH_ITERATIONS=50 HERALD_RANDOM_EDIT_ITERATIONS=200 HERALD_DIFFERENTIAL_ITERATIONS=300 $(SWIFT) test --skip-build
	$(MAKE) --no-print-directory test-browser HERALD=.build/debug/herald

# The toolchain's swift-format, with the rules of .swift-format: `make format` rewrites the files,
# `make lint` (run by CI) fails on any file it would change.
FORMATTED = Sources Tests fuzz Plugins Package.swift

format:
	$(SWIFT) format format --in-place --recursive $(FORMATTED)

lint:
	$(SWIFT) format lint --strict --recursive $(FORMATTED)

fuzz: deps-libs
	FUZZ_SECONDS=$(FUZZ_SECONDS) fuzz/run.sh

# PNGs of the default site, of the README's Dota 2 example (dota-*) and of boards of the task
# tools' real data (Tests/HeraldTestSupport/Fixtures), at 1280 and 390 px, light and dark, into
# docs/screenshots/, reduced to 256 colours by pngquant (a third of the bytes; a page of flat
# colours looks the same).
screenshots: deps-browser
	@if ! command -v pngquant >/dev/null; then \
		echo "Installing pngquant…"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq pngquant; \
	fi
	$(SWIFT) build --product herald
	$(BROWSER_PYTHON) Tests/Browser/screenshots.py docs/screenshots
	pngquant --speed 1 --strip --force --ext .png docs/screenshots/*.png

site: deps-libs
	$(SWIFT) $(RELEASE_BUILD)
	.build/release/herald build

# Release builds of herald and of the template-engine benchmark package, then benchmarks/bench.py:
# prints a table and writes benchmarks/results.json.
bench: deps-libs
	@if ! command -v hugo >/dev/null || ! command -v cmark >/dev/null; then \
		echo "Installing $(BENCH_APT_PACKAGES)…"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $(BENCH_APT_PACKAGES); \
	fi
	$(SWIFT) $(RELEASE_BUILD)
	@# SwiftPM keeps its plan of a path dependency and misses source files added to it since;
	@# dropping the cached plan re-plans (no recompile of what is unchanged).
	rm -f benchmarks/template-engine/.build/release.yaml benchmarks/template-engine/.build/release/description.json
	cd benchmarks/template-engine && $(SWIFT) build -c release
	python3 benchmarks/bench.py

bench-build: deps-libs
	rm -f benchmarks/template-engine/.build/debug.yaml benchmarks/template-engine/.build/debug/description.json
	cd benchmarks/template-engine && $(SWIFT) build

# The binary carries its theme, so it is the only file herald needs; the completions are written
# by the binary itself (swift-argument-parser), so they always match its options.
install: deps-libs
	$(SWIFT) $(RELEASE_BUILD)
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" \
		"$(DESTDIR)$(PREFIX)/share/zsh/site-functions" "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d"
	install -m 755 .build/release/herald "$(DESTDIR)$(PREFIX)/bin/herald"
	.build/release/herald --generate-completion-script bash > .build/release/herald.bash
	.build/release/herald --generate-completion-script zsh > .build/release/_herald
	.build/release/herald --generate-completion-script fish > .build/release/herald.fish
	install -m 644 .build/release/herald.bash "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/herald"
	install -m 644 .build/release/_herald "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_herald"
	install -m 644 .build/release/herald.fish "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/herald.fish"

clean:
	rm -rf .build .build-fuzz

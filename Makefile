# The two commands a newcomer needs: `make site` builds the default site into Output/,
# `make test` runs every test. Both install the C libraries Herald links against when missing.
# `make bench` runs the benchmark suite (benchmarks/README.md): 1,000, 10,000 and 100,000 pages.
# `make test-slow` runs every test with the long crash-safety run (50 kills mid-commit);
# `make fuzz` runs each libFuzzer target for FUZZ_SECONDS (default 60) seconds (fuzz/run.sh).
SWIFT ?= swift
FUZZ_SECONDS ?= 60
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := pkg-config libcmark-dev libsqlite3-dev libjemalloc-dev
BENCH_APT_PACKAGES := hugo cmark

.PHONY: deps build test test-slow fuzz site bench clean

# python3 runs the HTTP server the remote-data tests talk to.
deps:
	@if ! pkg-config --exists libcmark sqlite3 jemalloc 2>/dev/null || ! command -v python3 >/dev/null; then \
		echo "Installing $(APT_PACKAGES) python3…"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $(APT_PACKAGES) python3; \
	fi

build: deps
	$(SWIFT) build

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

test-slow: deps
	$(SWIFT) build --build-tests
	HERALD_CRASH_ITERATIONS=50 $(SWIFT) test --skip-build

fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) fuzz/run.sh

site: deps
	$(SWIFT) build -c release --product herald
	.build/release/herald build

# Release builds of herald and of the template-engine benchmark package, then benchmarks/bench.py:
# prints a table and writes benchmarks/results.json.
bench: deps
	@if ! command -v hugo >/dev/null || ! command -v cmark >/dev/null; then \
		echo "Installing $(BENCH_APT_PACKAGES)…"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $(BENCH_APT_PACKAGES); \
	fi
	$(SWIFT) build -c release --product herald
	@# SwiftPM keeps its plan of a path dependency and misses source files added to it since;
	@# dropping the cached plan re-plans (no recompile of what is unchanged).
	rm -f benchmarks/template-engine/.build/release.yaml benchmarks/template-engine/.build/release/description.json
	cd benchmarks/template-engine && $(SWIFT) build -c release
	python3 benchmarks/bench.py

clean:
	rm -rf .build .build-fuzz

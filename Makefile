# The two commands a newcomer needs: `make site` builds the default site into Output/,
# `make test` runs every test. Both install the C libraries Herald links against when missing.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := pkg-config libcmark-dev libsqlite3-dev

.PHONY: deps build test site bench clean

deps:
	@if ! pkg-config --exists libcmark sqlite3 2>/dev/null; then \
		echo "Installing $(APT_PACKAGES)…"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $(APT_PACKAGES); \
	fi

build: deps
	$(SWIFT) build

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

site: deps
	$(SWIFT) build -c release --product herald
	.build/release/herald build

clean:
	rm -rf .build

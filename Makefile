# Bulletin's two front doors: `make run` and `make test`. Each installs the Debian packages
# it needs when they are missing (apt-get; run as root), then builds with SwiftPM.
SWIFT    ?= swift
ARGS     ?=
BIN_DIR   = $(shell $(SWIFT) build --show-bin-path 2>/dev/null)
# Packages needed to build and run, and the extra ones the tests need.
RUN_PACKAGES  = libncurses-dev pkg-config ncurses-base
TEST_PACKAGES = tmux python3

export LANG ?= C.UTF-8

.PHONY: run build test deps test-deps clean help

help:
	@echo "make run   build and start Bulletin on its embedded data (ARGS='--api URL' or ARGS='--data FILE')"
	@echo "make test  install what the tests need and run every test"

run: deps build
	"$(BIN_DIR)/bulletin" $(ARGS)

build: deps
	$(SWIFT) build

test: deps test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test

# Installs whatever of RUN_PACKAGES is missing.
deps:
	@./scripts/ensure-packages $(RUN_PACKAGES)

# Installs whatever of TEST_PACKAGES is missing (python3 counts if any python3 is on PATH).
test-deps:
	@./scripts/ensure-packages $(TEST_PACKAGES)

clean:
	$(SWIFT) package clean

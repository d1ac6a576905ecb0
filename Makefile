# The README's two commands: ./holder-git … (runs the tool) and `make test` (runs every test).
.PHONY: test build lint format setup release programs man install uninstall deb smoke-installed docs \
  bench fuzz torture torture-short simulate simulate-short \
  sanitize-address sanitize-thread screenshots

setup:
	scripts/setup --test

build: setup
	swift build

# The programs a release installs: holder-git is the CLI and the web app in one (called as
# holder-git-serve it serves), so they share one copy of the runtime; holder-git-fetch stays
# apart, as it must link neither libgit2 nor HolderKit. Built with debug symbols; strip them
# when installing (docs/performance.md, Size).
RELEASE_PROGRAMS = holder-git holder-git-fetch

# The Swift runtime and Foundation linked in: a command starts in 6 ms instead of 10 (the
# dynamic loader no longer maps and relocates 30 MB of libraries), a sixth of an `add`. Every
# release build uses the same flags, so building one program does not recompile the others.
# The toolchain's static link exports every public symbol of ours (27,700 with the web app
# in), which slows each of the libraries' 7,500 symbol look-ups at start (1 ms of a
# `--version`) and takes 2.3 MB; nothing looks them up, so the link exports none.
release: setup
	for program in $(RELEASE_PROGRAMS); do \
	  swift build -c release --static-swift-stdlib -Xlinker --no-export-dynamic \
	    --product $$program || exit 1; \
	done
	scripts/lean-check .build/release $(RELEASE_PROGRAMS)

# What `make install` and `make deb` ship: the programs `make release` builds (the web app is
# holder-git itself, its pages built in).
PROGRAMS = $(RELEASE_PROGRAMS)
RELEASE_DIR = .build/release
# The words that make the built holder-git print a shell's completion script.
COMPLETION = --generate-completion-script
PREFIX ?= /usr/local
DESTDIR ?=
VERSION := $(shell cat VERSION)

programs: release

# The man pages, from the commands' own help (swift-argument-parser's generate-manual plugin),
# into .build/man.
man:
	scripts/setup
	scripts/man-pages .build/man

# `make programs man`, then `make install PREFIX=/usr DESTDIR=/tmp/stage`: it builds nothing, so
# `sudo make install` never builds as root (and `release`'s setup installs nothing as root); it
# says what to run when something is not built. The layout is described in scripts/install.
install:
	scripts/install --prefix "$(PREFIX)" --destdir "$(DESTDIR)" --bin-dir $(RELEASE_DIR) \
	  --man-dir .build/man --programs "$(PROGRAMS)" --completion "$(COMPLETION)"

# Removes exactly what `make install` put there (the same PREFIX and DESTDIR).
uninstall:
	scripts/install --uninstall --prefix "$(PREFIX)" --destdir "$(DESTDIR)" --programs "$(PROGRAMS)"

# holder-git_VERSION_ARCH.deb in the top folder: files under /usr, Depends from dpkg-shlibdeps,
# checked by lintian (errors fail).
deb: programs man
	scripts/setup --package
	scripts/deb --version "$(VERSION)" --bin-dir $(RELEASE_DIR) --man-dir .build/man \
	  --programs "$(PROGRAMS)" --completion "$(COMPLETION)"

# Installs that package with apt, uses the installed holder-git without the Swift toolchain,
# then removes it (root: CI does this).
smoke-installed:
	scripts/smoke-installed holder-git_$(VERSION)_$(shell dpkg --print-architecture).deb

# The DocC documentation of HolderKit and HolderCore, as static HTML in .build/docs/.
docs:
	scripts/setup
	scripts/docs .build/docs

# Every test: unit, property, git interop and end-to-end (runs the built binary). Quiet: each
# failure with its details, then the count; TEST_ARGS="--filter Sync" runs some.
test: setup
	swift build --build-tests
	swift test --skip-build -q $(TEST_ARGS)

# The web app's pictures (docs/screenshots/, shown in docs/web-app.md): browse, search, a
# bookmark and the add form, desktop and phone, light and dark, taken by ScreenshotTests in
# headless Chromium.
screenshots: setup
	swift build --build-tests
	HOLDER_GIT_SCREENSHOTS=$(CURDIR)/docs/screenshots swift test --skip-build --filter ScreenshotTests

lint:
	swift format lint --strict --recursive Package.swift Sources Plugins Tests Benchmarks/Package.swift \
	  Benchmarks/Sources Fuzz/Package.swift Fuzz/Sources

format:
	swift format --in-place --recursive Package.swift Sources Plugins Tests Benchmarks/Package.swift \
	  Benchmarks/Sources Fuzz/Package.swift Fuzz/Sources

# Generates a realistic store of 10k bookmarks (once, under $TMPDIR/holder-bench) and times
# whole runs of the release binary; prints a table, then holder-git beside buku 5.1 (installed
# there from PyPI) and rg. BENCH_ARGS="--sizes 10000,100000 --runs 5" adds 100k.
bench: release
	scripts/setup --bench
	swift build -c release --package-path Benchmarks
	Benchmarks/.build/release/holder-bench --binary .build/release/holder-git $(BENCH_ARGS)

# Coverage-guided fuzzing (libFuzzer, address sanitizer) of every reader of untrusted bytes,
# a package of its own (Fuzz/). FUZZ_RUNS=1000000 executions per target by default,
# FUZZ_TIME seconds at most each, FUZZ_TARGETS="fuzz-url fuzz-query" for some.
fuzz: setup
	Fuzz/run

# The crash campaign: SIGKILL at 100 seeded random points of each writing operation
# on a 10,000-bookmark store (a tenth of them after a random delay, which reaches inside
# libgit2's writes), then the next command's store is checked. TORTURE_ARGS adds
# options (--seed 2, --ops "tag rename,sync (merge)", --keep-failures; scripts/torture -h).
torture: release
	scripts/torture --binary .build/release/holder-git --size 10000 --points 100 --timed 0.1 $(TORTURE_ARGS)

# Its short form, run by CI after `make test` (the debug binary `make test` built).
torture-short:
	swift build --product holder-git
	swift build --product holder-git-fetch
	scripts/torture --binary .build/debug/holder-git --size 200 --points 10 $(TORTURE_ARGS)

# The simulator: seeded random histories of three machines sharing one bare remote (a path,
# file://, git daemon or ssh on 127.0.0.1), every writing command, hand edits and plain git; in
# half of the histories (the odd seeds) a quarter of the steps carries SIGKILL at a durable step
# or a failing system call (strace); checked after every step and, at the end, against a model
# of what each person typed. Histories run SIMULATE_JOBS at a time (default: one per CPU).
# SIMULATE_ARGS adds options (--seed 7 --histories 1 --shrink --replay-out replay.sh,
# --skip moved-file; scripts/simulate -h).
# The release binary: its commands take about half the debug one's time, which is most of a
# history's.
SIMULATE_HISTORIES ?= 10000
SIMULATE_JOBS ?= $(shell nproc 2>/dev/null || echo 1)
simulate:
	swift build -c release --product holder-git
	swift build -c release --product holder-git-fetch
	scripts/simulate --binary .build/release/holder-git --histories $(SIMULATE_HISTORIES) --steps 20 \
	  --jobs $(SIMULATE_JOBS) $(SIMULATE_ARGS)

# Its short, fixed-seed form, run by CI after `make test` (the debug binary `make test` built):
# 200 short histories, half with faults; it prints only failures, a summary and the fault table.
simulate-short:
	swift build --product holder-git
	swift build --product holder-git-fetch
	scripts/simulate --binary .build/debug/holder-git --seed 1 --histories 200 --steps 14 \
	  --jobs $(SIMULATE_JOBS) --quiet $(SIMULATE_ARGS)

# The whole test suite under a sanitizer, each in a build folder of its own (slow: about four
# times the plain suite). Leaks inside system libraries are suppressed with their reasons in
# scripts/sanitizers/leaks.supp; anything else fails. Swift's backtracer would hold a crashed
# child for minutes, so it is off.
sanitize-address: setup
	swift build --build-tests -Xswiftc -sanitize=address --build-path .build-asan
	SWIFT_BACKTRACE=enable=no \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/sanitizers/leaks.supp:print_suppressions=0 \
	  swift test --skip-build --build-path .build-asan $(TEST_ARGS)

sanitize-thread: setup
	swift build --build-tests -Xswiftc -sanitize=thread --build-path .build-tsan
	SWIFT_BACKTRACE=enable=no swift test --skip-build --build-path .build-tsan $(TEST_ARGS)

# The README's two commands: ./holder-git … (runs the tool) and `make test` (runs every test).
.PHONY: test build lint format setup release bench

setup:
	scripts/setup --test

build: setup
	swift build

release: setup
	swift build -c release --product holder-git

# Every test: unit, property, git interop and end-to-end (runs the built binary).
test: setup
	swift build --build-tests
	swift test --skip-build

lint:
	swift format lint --strict --recursive Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/Sources

format:
	swift format --in-place --recursive Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/Sources

# Generates a realistic store of 10k bookmarks (once, under $TMPDIR/holder-bench) and times
# whole runs of the release binary; prints a table, then holder-git beside buku 5.1 (installed
# there from PyPI) and rg. BENCH_ARGS="--sizes 10000,100000 --runs 5" adds 100k.
bench: release
	scripts/setup --bench
	swift build -c release --package-path Benchmarks
	Benchmarks/.build/release/holder-bench --binary .build/release/holder-git $(BENCH_ARGS)

# The README's two commands: ./holder-git … (runs the tool) and `make test` (runs every test).
.PHONY: test build lint format setup release bench fuzz

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
	swift format lint --strict --recursive Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/Sources \
	  Fuzz/Package.swift Fuzz/Sources

format:
	swift format --in-place --recursive Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/Sources \
	  Fuzz/Package.swift Fuzz/Sources

# Generates realistic stores of 10k and 100k bookmarks (once, under $TMPDIR/holder-bench) and
# times whole runs of the release binary; prints a table. BENCH_ARGS="--sizes 10000 --runs 5".
bench: release
	swift build -c release --package-path Benchmarks
	Benchmarks/.build/release/holder-bench --binary .build/release/holder-git $(BENCH_ARGS)

# Coverage-guided fuzzing (libFuzzer, address sanitizer) of every reader of untrusted bytes,
# a package of its own (Fuzz/). FUZZ_RUNS=1000000 executions per target by default,
# FUZZ_TIME seconds at most each, FUZZ_TARGETS="fuzz-url fuzz-query" for some.
fuzz: setup
	Fuzz/run

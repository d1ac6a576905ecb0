# The README's two commands: ./holder-git … (runs the tool) and `make test` (runs every test).
.PHONY: test build lint format setup release

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
	swift format lint --strict --recursive Package.swift Sources Tests

format:
	swift format --in-place --recursive Package.swift Sources Tests

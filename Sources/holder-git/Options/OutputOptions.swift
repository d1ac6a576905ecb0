import ArgumentParser

/// `--json`, shared by every command that prints bookmarks.
struct OutputOptions: ParsableArguments {
  @Flag(name: .long, help: "Print JSON (the shape is documented in README.md).")
  var json = false
}

import ArgumentParser

/// `--tag` and `--favorites`, shared by the commands that list bookmarks (`list`, `search`).
struct FilterOptions: ParsableArguments {
  @Option(
    name: .long, help: "Only bookmarks with this tag or a tag under it.",
    completion: .custom(Completions.tags))
  var tag: String?

  @Flag(name: .long, help: "Only favourites.")
  var favorites = false
}

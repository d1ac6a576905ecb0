import ArgumentParser
import Localization

/// `--tag` and `--favorites`, shared by the commands that list bookmarks (`list`, `search`).
struct FilterOptions: ParsableArguments {
  @Option(
    name: .long, help: ArgumentHelp(tr("Only bookmarks with this tag or a tag under it.")),
    completion: .custom(Completions.tags))
  var tag: String?

  @Flag(name: .long, help: ArgumentHelp(tr("Only favourites.")))
  var favorites = false
}

import ArgumentParser
import Localization

/// One or more bookmarks named on the command line, for commands that act on several.
struct BookmarkArguments: ParsableArguments {
  @Argument(
    help: ArgumentHelp(tr("Id, id prefix, URL or file path of each bookmark.")),
    completion: .custom(Completions.bookmarks))
  var bookmarks: [String] = []

  func validate() throws {
    if bookmarks.isEmpty { throw ValidationError(tr("name at least one bookmark")) }
  }
}

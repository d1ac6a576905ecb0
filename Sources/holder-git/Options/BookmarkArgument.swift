import ArgumentParser
import Localization

/// The one bookmark a command acts on, named on the command line (`BookmarkArguments` names
/// several).
struct BookmarkArgument: ParsableArguments {
  @Argument(
    help: ArgumentHelp(tr("Id, id prefix, URL or file path of the bookmark.")),
    completion: .custom(Completions.bookmarks))
  var bookmark: String
}

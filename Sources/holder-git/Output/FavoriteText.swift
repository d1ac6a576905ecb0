import HolderKit

/// What `fav` and `unfav` print: the bookmarks changed and those already as asked.
enum FavoriteText {
  static func print(_ outcome: FavoriteOutcome, favorite: Bool, json: Bool) {
    if json {
      Printer.json(BookmarkJSON.node(of: outcome.changed + outcome.unchanged, asArray: true))
    }
    for located in outcome.changed {
      let verb = favorite ? "Favourited" : "Unfavourited"
      Printer.message("\(verb) \"\(TerminalText.oneLine(located.bookmark.title))\"")
    }
    for located in outcome.unchanged {
      let state = favorite ? "Already a favourite" : "Already not a favourite"
      Printer.message("\(state): \"\(TerminalText.oneLine(located.bookmark.title))\"")
    }
  }
}

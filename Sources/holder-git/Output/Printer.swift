import HolderCore
import HolderKit
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Data to stdout, messages to stderr; everything from a bookmark neutralised first.
enum Printer {
  /// Set by `--quiet`: only errors are printed (and JSON, which was asked for by name).
  nonisolated(unsafe) static var quiet = false

  /// Writes a line to standard output, unless `--quiet`.
  static func out(_ line: String) {
    if quiet { return }
    data(line)
  }

  /// Writes a line to standard output, `--quiet` or not.
  ///
  /// Output that cannot be written (a full disk under `> file`) ends the command with an
  /// error; a reader that went away (`| head`) ends it quietly, as git does.
  static func data(_ line: String) {
    do {
      try StandardStream.output.write(line + "\n")
    } catch {
      if error.code == EPIPE { exit(141) }
      let reason = String(cString: strerror(error.code))
      errorLine(tr("Error: cannot write the output: \(reason); check where it goes (a full disk?)"))
      exit(1)
    }
  }

  /// Writes a message line to standard error, unless `--quiet`.
  static func message(_ line: String) {
    if quiet { return }
    errorLine(line)
  }

  /// Writes a line to standard error, `--quiet` or not (when even that fails, there is nowhere
  /// to say so): errors, and what a command asks before it goes on.
  static func errorLine(_ line: String) {
    try? StandardStream.error.write(line + "\n")
  }

  /// Writes `Error: …` to standard error, as the argument parser does, in the reader's language.
  static func error(_ error: Error) {
    errorLine(tr("Error: \(tr(said: (error as? LocalizedError)?.errorDescription ?? "\(error)"))"))
  }

  /// Writes `note: …` for each thing done that was not asked for in so many words (tags
  /// merged into one spelling), one line each.
  static func notes(_ notes: [String]) {
    for note in notes { message(tr("note: \(TerminalText.oneLine(tr(said: note)))")) }
  }

  /// Writes `warning: …` for each problem, one line each.
  static func problems(_ problems: [StoreProblem]) {
    for problem in problems {
      message(tr("warning: \(TerminalText.oneLine(tr(said: problem.message)))"))
    }
  }

  /// Two lines per bookmark: id prefix, star and title; then the URL and the tags.
  ///
  /// On a terminal each line is cut to its width, and coloured when `TerminalStyle.colors` says. With a
  /// query, the parts it matched are highlighted instead (callers pass one only on a terminal).
  static func summary(_ located: LocatedBookmark, highlighting query: SearchQuery? = nil) {
    let bookmark = located.bookmark
    let star = bookmark.favorite ? "★ " : ""
    let prefix = String(bookmark.id.rawValue.prefix(8))
    var tags = ""
    if !bookmark.tags.isEmpty {
      tags = "  [" + bookmark.tags.map(TerminalText.oneLine).joined(separator: ", ") + "]"
    }
    let url = TerminalText.oneLine(URLNormalizer.readable(bookmark.url))
    if let query {
      let title = Highlight.apply(query, to: star + TerminalText.oneLine(bookmark.title))
      out("\(prefix)  \(title)")
      out("          " + Highlight.apply(query, to: url + tags))
      return
    }
    let width = TerminalStyle.width.map { $0 - 10 }
    let title = TerminalStyle.fit(star + TerminalText.oneLine(bookmark.title), columns: width)
    out(TerminalStyle.paint(prefix, "33") + "  " + TerminalStyle.paint(title, "1"))
    // The URL keeps what it needs, the tags at least a third of the line.
    let urlWidth = TerminalStyle.displayWidth(url)
    let tagsWidth = TerminalStyle.displayWidth(tags)
    let shownTags = TerminalStyle.fit(
      tags, columns: width.map { max($0 - urlWidth, min(tagsWidth, $0 / 3)) })
    let shownURL = TerminalStyle.fit(
      url, columns: width.map { $0 - TerminalStyle.displayWidth(shownTags) })
    out("          " + shownURL + TerminalStyle.paint(shownTags, "36"))
  }

  /// Every field of one bookmark, readably.
  static func details(_ located: LocatedBookmark) {
    let bookmark = located.bookmark
    var rows: [(String, String)] = [
      (tr("title"), TerminalText.oneLine(bookmark.title)),
      (tr("url"), TerminalText.oneLine(URLNormalizer.readable(bookmark.url))),
    ]
    if !bookmark.note.isEmpty {
      let lines = TerminalText.neutralized(bookmark.note).split(
        separator: "\n", omittingEmptySubsequences: false)
      rows.append((tr("note"), lines.joined(separator: "\n" + String(repeating: " ", count: 15))))
    }
    if !bookmark.tags.isEmpty {
      rows.append((tr("tags"), bookmark.tags.map(TerminalText.oneLine).joined(separator: ", ")))
    }
    rows.append((tr("favorite"), bookmark.favorite ? tr("yes") : tr("no")))
    rows.append((tr("created"), TimeText.moment(bookmark.created)))
    rows.append((tr("last modified"), TimeText.moment(bookmark.lastModified)))
    if let metadata = bookmark.metadata {
      if let title = metadata.title { rows.append((tr("page title"), TerminalText.oneLine(title))) }
      if let text = metadata.description {
        rows.append((tr("description"), TerminalText.oneLine(text)))
      }
      if let image = metadata.image { rows.append((tr("image"), TerminalText.oneLine(image))) }
      if let icon = metadata.icon { rows.append((tr("icon"), TerminalText.oneLine(icon))) }
      if let fetched = metadata.fetched { rows.append((tr("fetched"), TimeText.moment(fetched))) }
    }
    for (key, value) in bookmark.extra.sorted(by: { $0.key < $1.key }) {
      let text = String(decoding: CanonicalWriter.document(value), as: UTF8.self)
      let compact = text.split(separator: "\n").map { $0.trimmingSpaces() }
      rows.append((TerminalText.oneLine(key), TerminalText.oneLine(compact.joined(separator: " "))))
    }
    rows.append((tr("id"), bookmark.id.rawValue))
    rows.append((tr("file"), TerminalText.oneLine(located.path)))
    for (label, value) in rows {
      // Padded by display width: a Korean or Japanese label is two columns a letter.
      let padding = max(1, 15 - TerminalStyle.displayWidth(label + ":"))
      out(label + ":" + String(repeating: " ", count: padding) + value)
    }
  }
}

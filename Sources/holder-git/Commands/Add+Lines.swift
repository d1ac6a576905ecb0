import ArgumentParser
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

extension HolderGit.Add {
  /// `add -`: every URL on stdin saved in one commit, with one report line per input line.
  func addLines(_ store: Store) throws {
    if title != nil {
      throw ValidationError(
        tr("--title does not go with '-'; give titles as URL<TAB>title lines"))
    }
    let input = String(decoding: try StandardStream.readInput(), as: UTF8.self)
    let lines = URLLines.parse(input)
    let requests = lines.map { line in
      AddRequest(
        url: line.url, title: line.title, tags: tag, note: note, favorite: favorite,
        updateExisting: update, allowScript: allowScript)
    }
    let results = try store.addMany(requests)
    var counts = (added: 0, updated: 0, saved: 0, refused: 0)
    for (line, result) in zip(lines, results) {
      switch result {
      case .added(let located):
        counts.added += 1
        report("added", line, URLNormalizer.readable(located.bookmark.url))
      case .updated(let located):
        counts.updated += 1
        report("updated", line, URLNormalizer.readable(located.bookmark.url))
      case .alreadySaved(let located):
        counts.saved += 1
        report("already saved", line, URLNormalizer.readable(located.bookmark.url))
      case .refused(let reason):
        counts.refused += 1
        report("refused", line, line.url + ": " + tr(said: reason))
      }
    }
    if output.json { Printer.json(AddLinesJSON.node(of: lines, results)) }
    let (added, saved, refused) = (counts.added, counts.saved, counts.refused)
    Printer.message(
      update
        ? tr(
          "\(added) added, \(counts.updated) updated, \(saved) already saved, \(refused) refused")
        : tr("\(added) added, \(saved) already saved, \(refused) refused"))
    if counts.refused > 0 { throw ExitCode.failure }
  }

  private func report(_ what: String, _ line: URLLine, _ text: String) {
    guard !output.json else { return }
    Printer.out("\(line.number)\t\(what)\t\(TerminalText.oneLine(text))")
  }
}

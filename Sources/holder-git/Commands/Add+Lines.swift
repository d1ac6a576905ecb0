import ArgumentParser
import Foundation
import HolderCore
import HolderKit

extension HolderGit.Add {
  /// `add -`: every URL on stdin saved in one commit, with one report line per input line.
  func addLines(_ store: Store) throws {
    if title != nil || update {
      throw ValidationError(
        "--title and --update do not go with '-'; give titles as URL<TAB>title lines")
    }
    let input = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    let lines = URLLines.parse(input)
    let requests = lines.map { line in
      AddRequest(
        url: line.url, title: line.title, tags: tag, note: note, favorite: favorite,
        allowScript: allowScript)
    }
    let results = try store.addMany(requests)
    var refused = 0
    var nodes: [CanonicalWriter.Node] = []
    var counts = (added: 0, saved: 0)
    for (line, result) in zip(lines, results) {
      var fields: [(key: String, value: CanonicalWriter.Node)] = [
        (key: "line", value: .value(.number(String(line.number)))),
        (key: "input", value: .value(.string(line.url))),
      ]
      switch result {
      case .added(let located):
        counts.added += 1
        fields.append((key: "result", value: .value(.string("added"))))
        fields.append((key: "path", value: .value(.string(located.path))))
        report("added", line, URLNormalizer.readable(located.bookmark.url))
      case .alreadySaved(let located):
        counts.saved += 1
        fields.append((key: "result", value: .value(.string("already saved"))))
        fields.append((key: "path", value: .value(.string(located.path))))
        report("already saved", line, URLNormalizer.readable(located.bookmark.url))
      case .refused(let reason):
        refused += 1
        fields.append((key: "result", value: .value(.string("refused"))))
        fields.append((key: "reason", value: .value(.string(reason))))
        report("refused", line, line.url + ": " + reason)
      }
      nodes.append(.object(known: fields, extra: [:]))
    }
    if output.json {
      var bytes = CanonicalWriter.document(.array(nodes))
      if bytes.last == 0x0A { bytes.removeLast() }
      Printer.out(String(decoding: bytes, as: UTF8.self))
    }
    Printer.message(
      "\(counts.added) added, \(counts.saved) already saved, \(refused) refused")
    if refused > 0 { throw ExitCode.failure }
  }

  private func report(_ what: String, _ line: URLLine, _ text: String) {
    guard !output.json else { return }
    Printer.out("\(line.number)\t\(what)\t\(TerminalText.oneLine(text))")
  }
}

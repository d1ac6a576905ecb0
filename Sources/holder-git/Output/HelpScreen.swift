import ArgumentParser

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// A command's `--help` with its examples as written: the argument parser wraps a discussion's
/// lines to the terminal's width, which breaks an example in the middle of a command; here
/// prose still wraps but an indented line (an example, a list) is printed whole, so it can be
/// copied as it is, and a paragraph is wrapped as one, not line by line.
enum HelpScreen {
  /// The help `error` asks for, nil when it is not a help request.
  static func text(for error: any Error) -> String? {
    guard HolderGit.exitCode(for: error) == .success else { return nil }
    let asked = HolderGit.fullMessage(for: error)
    guard asked.hasPrefix("OVERVIEW: "),
      let command = commands(under: HolderGit.self).first(where: {
        HolderGit.helpMessage(for: $0) == asked
      })
    else { return nil }
    let help = HolderGit.helpMessage(for: command, columns: width)
    guard let usage = help.firstRange(of: "\n\nUSAGE: ") else { return nil }
    let configuration = command.configuration
    var overview = "OVERVIEW: " + configuration.abstract
    if !configuration.discussion.isEmpty { overview += "\n\n" + configuration.discussion }
    return wrap(overview, to: width) + help[usage.lowerBound...]
  }

  /// `text` with each paragraph (lines that do not start with a space, up to an empty or an
  /// indented line) joined and wrapped at spaces to `columns`; an indented line is kept whole.
  static func wrap(_ text: String, to columns: Int) -> String {
    var lines: [String] = []
    var paragraph: [Substring] = []
    func flush() {
      guard !paragraph.isEmpty else { return }
      var rest = Substring(paragraph.joined(separator: " "))
      paragraph = []
      // By display width: a Korean or Japanese letter takes two columns.
      while TerminalStyle.displayWidth(String(rest)) > columns {
        let room = fitting(rest, columns + 1)
        // Japanese has no spaces: a line breaks between any two letters where one is wide.
        let fit = fitting(rest, columns)
        if let last = fit.last, fit.endIndex < rest.endIndex, last != " ",
          rest[fit.endIndex] != " ",
          TerminalStyle.displayWidth(String(last)) == 2
            || TerminalStyle.displayWidth(String(rest[fit.endIndex])) == 2
        {
          lines.append(String(fit))
          rest = rest[fit.endIndex...]
          continue
        }
        guard let space = room.lastIndex(of: " ") ?? rest.firstIndex(of: " ") else { break }
        lines.append(String(rest[..<space]))
        rest = rest[rest.index(after: space)...]
      }
      lines.append(String(rest))
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.isEmpty || line.first == " " {
        flush()
        lines.append(String(line))
      } else {
        paragraph.append(line)
      }
    }
    flush()
    return lines.joined(separator: "\n")
  }

  /// The longest start of `text` that is at most `columns` wide.
  private static func fitting(_ text: Substring, _ columns: Int) -> Substring {
    var width = 0
    var end = text.startIndex
    while end < text.endIndex {
      width += TerminalStyle.displayWidth(String(text[end]))
      if width > columns { break }
      end = text.index(after: end)
    }
    return text[..<end]
  }

  /// `root` and every command under it.
  private static func commands(under root: any ParsableCommand.Type) -> [any ParsableCommand.Type] {
    [root] + root.configuration.subcommands.flatMap { commands(under: $0) }
  }

  /// The width the argument parser wraps to.
  private static let width = TerminalStyle.columns
}

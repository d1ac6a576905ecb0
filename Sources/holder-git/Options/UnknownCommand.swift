import ArgumentParser
import Localization

/// A first word that names no subcommand, answered as git answers `git lsit`: with the commands
/// it was most likely meant to be, instead of the parser's "Unexpected argument".
enum UnknownCommand {
  /// The sentence for `word` when it is not a subcommand's name; nil when it is one, or an option.
  static func message(for word: String) -> String? {
    guard !word.hasPrefix("-"), !names.contains(word) else { return nil }
    let close = closest(to: word)
    let typed = TerminalText.oneLine(word)
    var text = tr("'\(typed)' is not a holder-git command; see 'holder-git --help'")
    if !close.isEmpty {
      text +=
        "\n\n"
        + tr(
          count: close.count, one: "The most similar command is",
          other: "The most similar commands are")
        + "\n"
      text += close.map { "\t" + $0 }.joined(separator: "\n")
    }
    return text
  }

  /// Every subcommand's name, `help` included.
  private static var names: [String] {
    let configuration = HolderGit.configuration
    let commands =
      configuration.subcommands + configuration.groupedSubcommands.flatMap(\.subcommands)
    // The parser lists a grouped command both among all subcommands and in its group.
    var seen = Set<String>()
    return (commands.map { $0._commandName } + ["help"]).filter { seen.insert($0).inserted }
  }

  /// The names within two typing mistakes of `word` (a swap of neighbours is one), nearest
  /// first; a word that begins a name counts as near it.
  private static func closest(to word: String) -> [String] {
    let lowered = word.lowercased()
    let scored = names.compactMap { name -> (String, Int)? in
      if lowered.count >= 2, name.hasPrefix(lowered) { return (name, 1) }
      let distance = editDistance(Array(lowered), Array(name))
      let allowed = min(2, max(1, name.count / 3))
      return distance <= allowed ? (name, distance) : nil
    }
    guard let best = scored.map(\.1).min() else { return [] }
    return scored.filter { $0.1 == best }.map(\.0).sorted()
  }

  /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
  /// neighbouring characters each cost one.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          best = min(best, table[i - 2][j - 2] + 1)
        }
        table[i][j] = best
      }
    }
    return table[a.count][b.count]
  }
}

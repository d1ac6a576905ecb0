/// Reading the command line being completed: which argument a person has already typed.
enum CompletionLine {
  /// The options of any command that take a value, so their values are not taken for
  /// arguments.
  private static let valued: Set<String> = [
    "--store", "--title", "--note", "--url", "--add-tag", "--remove-tag", "--tag", "--at",
    "--since", "--device", "--format", "--before", "--after",
  ]

  /// The first word after the command `command` that is neither an option nor an option's
  /// value, among the words before the one being completed.
  static func firstArgument(_ words: [String], before index: Int, after command: String)
    -> String?
  {
    guard let start = words.firstIndex(of: command) else { return nil }
    var position = start + 1
    while position < min(index, words.count) {
      let word = words[position]
      if word == "--" { return position + 1 < index ? words[position + 1] : nil }
      if word.hasPrefix("-") {
        position += valued.contains(word) ? 2 : 1
        continue
      }
      return word.isEmpty ? nil : word
    }
    return nil
  }
}

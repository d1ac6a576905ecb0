import Localization

/// What `holder-git` alone prints, as `git` alone does: the usage line, the common commands in
/// groups and where to read more, a screen's worth; `--help` stays the full reference.
enum ShortUsage {
  /// The lines, each group's commands as they are typed (not translated).
  static var text: String {
    let groups: [(String, String)] = [
      (tr("start a store"), "init, clone"),
      (tr("save and find"), "add, list, search, show, open, edit, rm"),
      (tr("tags"), "tags, tag rename, tag delete, tag move"),
      (tr("history"), "log, diff, undo, redo, restore"),
      (tr("other machines"), "sync, status, remote"),
    ]
    let width = groups.map { TerminalStyle.displayWidth($0.0) }.max() ?? 0
    let rows = groups.map { label, commands in
      "   " + label + String(repeating: " ", count: width - TerminalStyle.displayWidth(label) + 3)
        + commands
    }
    let usage = tr(
      "usage: holder-git [-C <directory>] [--store <path>] [--no-pager] <command> [<args>]")
    let more = tr(
      "'holder-git --help' lists every command and option; 'holder-git help <command>' tells about one."
    )
    return ([usage, "", tr("Common commands:")] + rows + ["", more]).joined(separator: "\n")
  }
}

import HolderCore
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Hands a URL to the person's browser: `$BROWSER`, else `xdg-open`, else `open`.
enum Browser {
  static func open(_ url: String) throws {
    let environment = ProcessInfo.processInfo.environment
    var commands = (environment["BROWSER"] ?? "").split(separator: ":").map(String.init)
      .filter { !$0.trimmingSpaces().isEmpty }
    commands += ["xdg-open", "open"]
    for command in commands {
      // `%s` in $BROWSER marks where the URL goes, as in Python's webbrowser module.
      let line =
        command.contains("%s")
        ? command.replacing("%s", with: "\"$1\"")
        : command + " \"$1\""
      guard let status = try? Shell.run(line, name: "holder-git", argument: url) else { continue }
      // 127: the shell found no such program; try the next one.
      if status == 127 { continue }
      if status == 0 { return }
      throw BrowserFailure(command: command, status: status)
    }
    throw BrowserFailure(command: commands.joined(separator: ", "), status: 127)
  }
}

/// No browser could be started, or it failed.
struct BrowserFailure: Error, LocalizedError {
  var command: String
  var status: Int32

  var errorDescription: String? {
    status == 127
      ? tr("no browser found (tried \(command)); set $BROWSER to your browser's command")
      : tr("the browser '\(command)' exited with status \(status)")
  }
}

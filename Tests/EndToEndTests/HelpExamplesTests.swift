import Foundation
import HolderTestSupport
import Testing

/// Every example in every `--help` runs as typed, through a shell, and none is a usage error.
///
/// The examples run in one scratch store, in the order the help shows them; an example may
/// fail for what it names (a bookmark or remote that is not there) but never with exit code 64,
/// and none wraps (the help is 80 columns wide when not on a terminal), so each can be copied.
/// The network and programs that would open a window are kept out: HOLDER_GIT_OFFLINE=1,
/// and `pbpaste`, `firefox`, `xdg-open` and `nano` are stand-ins on PATH that do nothing
/// (`pbpaste` prints one URL).
@Suite struct HelpExamplesTests {
  /// Examples left out, and why.
  private static let skipped: [String: String] = [
    "holder-git clone git://nas.local/bookmarks.git":
      "needs the network (a git daemon on nas.local)",
    // A server runs until it is stopped; ServeTests start it and stop it.
    "holder-git serve": "runs until stopped",
    "holder-git serve --port 8080 --open": "runs until stopped, and opens a browser",
    "holder-git serve --listen 192.168.1.20 --tls-cert cert.pem --tls-key key.pem":
      "listens on an address this machine may not have, with files it does not have",
    "holder-git serve --public-url https://bookmarks.example.org":
      "runs until stopped, once a token is made (RemoteAccessTests start it)",
  ]

  @Test func everyHelpExampleRunsWithoutAUsageError() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("bookmarks")
    #expect(try binary.run(["init", store]).status == 0)
    let stand = try standIns(in: binary)
    let path = stand + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    let environment = binary.environment([
      "PATH": path, "EDITOR": "true", "VISUAL": "true", "BROWSER": "true",
      "HOLDER_GIT_STORE": store,
    ])
    // The files the import examples name, so they run as typed.
    let netscape =
      "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"
      + "<DT><A HREF=\"https://example.org/imported\">Imported</A>\n</DL><p>\n"
    try FileManager.default.createDirectory(
      atPath: binary.git.path("Downloads"), withIntermediateDirectories: true)
    for file in [binary.git.path("Downloads/bookmarks.html"), store + "/bookmarks.html"] {
      try netscape.write(toFile: file, atomically: true, encoding: .utf8)
    }
    try netscape.write(toFile: store + "/pinboard.html", atomically: true, encoding: .utf8)
    try "{\"url\":\"https://example.org/line\",\"title\":\"Line\"}\n".write(
      toFile: store + "/backup.jsonl", atomically: true, encoding: .utf8)
    var ran = 0
    for command in try Self.commands(binary) {
      let help = try binary.run(command + ["--help"])
      #expect(help.status == 0, "\(command): \(help.stderr)")
      for example in Self.examples(in: help.stdout) {
        if Self.skipped[example] != nil { continue }
        let result = try runProcess(
          "/bin/sh", ["-c", example], cwd: store, env: environment, stdin: [])
        ran += 1
        #expect(result.status != 64, "'\(example)' is a usage error: \(result.stderr)")
        #expect(result.status != 127, "'\(example)': \(result.stderr)")
        #expect(!result.stderr.contains("Usage:"), "'\(example)': \(result.stderr)")
      }
    }
    #expect(ran > 50)
  }

  /// Every command path: the root, its subcommands and theirs, from the help screens.
  static func commands(_ binary: HolderBinary) throws -> [[String]] {
    var found: [[String]] = []
    var pending: [[String]] = [[]]
    while let command = pending.popLast() {
      guard !found.contains(command), command.count < 3 else { continue }
      found.append(command)
      let help = try binary.run(command + ["--help"]).stdout
      var inSubcommands = false
      for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasSuffix("SUBCOMMANDS:") {
          inSubcommands = true
        } else if line.isEmpty {
          inSubcommands = false
        } else if inSubcommands, line.hasPrefix("  "), !line.hasPrefix("   "),
          let name = line.split(separator: " ").first?.trimmingCharacters(in: [","]),
          name != "help"
        {
          pending.append(command + [name])
        }
      }
    }
    return found
  }

  /// The lines under `Examples:`, each without its trailing `(comment)`.
  static func examples(in help: String) -> [String] {
    var examples: [String] = []
    var inExamples = false
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed == "Examples:" {
        inExamples = true
      } else if trimmed.isEmpty {
        inExamples = false
      } else if inExamples {
        var example = trimmed
        if let comment = example.range(of: #"\s{2,}\(.*\)$"#, options: .regularExpression) {
          example.removeSubrange(comment)
        }
        examples.append(example)
      }
    }
    return examples
  }

  /// A folder with `holder-git` (the binary under test) and programs that stand in for the
  /// desktop: they do nothing, `pbpaste` prints a URL.
  private func standIns(in binary: HolderBinary) throws -> String {
    let folder = binary.git.path("stand-ins")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let scripts = [
      "pbpaste": "#!/bin/sh\necho https://example.org/pasted\n",
      "firefox": "#!/bin/sh\nexit 0\n",
      "xdg-open": "#!/bin/sh\nexit 0\n",
      "nano": "#!/bin/sh\nexit 0\n",
    ]
    for (name, text) in scripts {
      let path = folder + "/" + name
      try writeExecutable(text, atPath: path)
    }
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/holder-git", withDestinationPath: HolderBinary.path)
    return folder
  }
}

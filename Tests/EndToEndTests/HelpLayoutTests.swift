import Foundation
import HolderTestSupport
import Testing

/// `--help` in a narrow terminal: examples are printed as written, prose is wrapped as
/// paragraphs to the width.
@Suite struct HelpLayoutTests {
  @Test func examplesAreNotWrappedInANarrowTerminal() throws {
    let binary = try HolderBinary()
    var checked = 0
    for command in try HelpExamplesTests.commands(binary) {
      let wide = try binary.run(command + ["--help"], env: ["COLUMNS": "200"]).stdout
      let narrow = try binary.run(command + ["--help"], env: ["COLUMNS": "40"])
      #expect(narrow.status == 0)
      let lines = Set(narrow.stdout.split(separator: "\n").map(String.init))
      for example in examples(in: wide) {
        checked += 1
        #expect(lines.contains(example), "\(command): '\(example)' is wrapped at 40 columns")
      }
      // The same through `help`, which the argument parser answers on its own path.
      if !command.isEmpty {
        let viaHelp = try binary.run(["help"] + command, env: ["COLUMNS": "40"]).stdout
        #expect(viaHelp == narrow.stdout, "help \(command) differs from \(command) --help")
      }
    }
    #expect(checked > 50)
  }

  @Test func proseIsWrappedAsParagraphs() throws {
    let binary = try HolderBinary()
    let help = try binary.run(["--help"], env: ["COLUMNS": "60"]).stdout
    let overview = help.components(separatedBy: "\n\nUSAGE:")[0]
    for line in overview.split(separator: "\n") where !line.hasPrefix(" ") {
      #expect(line.count <= 60, "'\(line)' is wider than 60 columns")
    }
    // A sentence the source breaks over two lines is one paragraph, not two short lines.
    #expect(help.contains("5 remote not reached"))
  }

  /// The indented lines under `Examples:`, as printed.
  private func examples(in help: String) -> [String] {
    var found: [String] = []
    var inExamples = false
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == "Examples:" {
        inExamples = true
      } else if line.isEmpty {
        inExamples = false
      } else if inExamples {
        found.append(String(line))
      }
    }
    return found
  }
}

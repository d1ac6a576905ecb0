import ArgumentParser
import HolderCore
import HolderKit
import Localization

extension HolderGit {
  /// `holder-git check [--fix]`: finds and repairs damage.
  struct Check: StoreCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "check",
        abstract: tr("Find what is wrong with the store, and with --fix repair it."),
        discussion: tr(
          """
          Reports broken bookmark files (with line and column), files not in
          canonical form, files whose path does not match their URL, URLs saved
          twice, a store made by an older holder-git, anything committed under
          tags/, and tag views that are missing, extra, or point anywhere but
          their bookmark (links leaving the store first). Exits 1 when anything
          is wrong.

          --fix repairs, in one commit, all that can be repaired without losing
          anything, and says what it did: a URL saved twice becomes one bookmark
          (tags united, notes joined, the earliest created kept); an older
          store's files move to the paths this version gives, and the store is
          marked with the new format. Broken files are never rewritten: fix them
          by hand.

          Near-duplicates (one link saved as http and https, with and without
          www., a trailing / or a #fragment) are listed after the findings, as
          groups; they can be different pages, so they are not errors.
          'holder-git dedupe' merges a group.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git check
              holder-git check --fix
              holder-git check --json | python3 -m json.tool
            """)
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @Flag(
      help: ArgumentHelp(tr("Repair what can be repaired without losing anything, in one commit.")))
    var fix = false

    var access: Store.Access { fix ? .write : .read }

    func run(_ store: Store) throws {
      let report = fix ? try store.checkAndFix() : try store.check()
      let left = fix ? report.remaining : report.findings
      if output.json {
        Printer.json(CheckJSON.node(of: report, fixed: fix))
      } else {
        for finding in report.fixed {
          let notes =
            finding.repairNotes.isEmpty
            ? "" : ": " + finding.repairNotes.map { tr(said: $0) }.joined(separator: "; ")
          let kind = CheckText.kind(finding.kind)
          let path = TerminalText.oneLine(finding.path)
          Printer.out(tr("fixed \(kind): '\(path)'") + TerminalText.oneLine(notes))
        }
        for finding in left {
          Printer.out(
            CheckText.kind(finding.kind) + ": " + TerminalText.oneLine(tr(said: finding.message)))
        }
        for group in report.nearDuplicates {
          let differences = NearDuplicate.differences(among: group.map(\.bookmark.url))
          let shown = NearDuplicateText.differences(differences)
          let urls = group.map(NearDuplicateText.url).joined(separator: ", ")
          let command = NearDuplicateText.command(for: group[0])
          Printer.out(tr("near-duplicates (\(shown)): \(urls); merge them with: \(command)"))
        }
        if left.isEmpty && report.fixed.isEmpty { Printer.message(tr("The store is in order")) }
      }
      if !left.isEmpty { throw ExitCode.failure }
    }
  }
}

// `holder-git token add|list|revoke`: the secrets that let a browser extension, a phone or a
// script reach `holder-git serve` (linkding's `Authorization: Token …`, and the login its
// pages ask for beyond this machine). They live in the user's configuration, not in a store.
import ArgumentParser
import HolderKit
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension HolderGit {
  /// `holder-git token`.
  struct Token: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "token",
        abstract: tr(
          "Make, list or revoke the tokens that let other programs use 'holder-git serve'."),
        discussion: tr(
          """
          A token lets a linkding client (the browser extension, a phone app, a script) or
          another machine's browser reach the web app. Each has a name, which the commits made
          through it carry as their device. Only a hash of each secret is kept, in
          $XDG_CONFIG_HOME/holder-git/tokens (never in a store, so it never syncs).
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git token add phone
              holder-git token list
              holder-git token revoke phone
            """,
        subcommands: [ListTokens.self, AddToken.self, RevokeToken.self],
        defaultSubcommand: ListTokens.self)
    }
  }

  /// `holder-git token add NAME`.
  struct AddToken: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "add",
        abstract: tr("Make a token and print its secret (shown this once)."),
        discussion: tr("Examples:") + "\n  holder-git token add phone")
    }

    @Argument(help: ArgumentHelp(tr("What the token is for (phone, firefox, laptop).")))
    var name: String

    func run() throws {
      let tokens = APITokens(environment: ProcessInfo.processInfo.environment)
      let secret = try tokens.add(name: name, now: StoreEnvironment.live.now())
      // The secret alone on standard output, so `$(holder-git token add phone)` captures it.
      Printer.out(secret)
      Printer.message(
        tr(
          "Made the token '\(name)'. Give the secret above to the client (linkding's 'API token'); it is not shown again, and 'holder-git token revoke \(name)' withdraws it"
        ))
    }
  }

  /// `holder-git token list`.
  struct ListTokens: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "list", abstract: tr("List the tokens' names and when each was made."),
        discussion: tr("Examples:") + "\n  holder-git token list\n  holder-git token list --json")
    }

    @OptionGroup var output: OutputOptions

    func run() throws {
      let tokens = try APITokens(environment: ProcessInfo.processInfo.environment).list()
      if output.json {
        Printer.json(ReportJSON.node(ofTokens: tokens))
        return
      }
      if tokens.isEmpty {
        Printer.message(tr("No tokens; 'holder-git token add NAME' makes one"))
        return
      }
      for token in tokens {
        Printer.out(TerminalText.oneLine(token.name) + "\t" + TimeText.moment(token.created))
      }
    }
  }

  /// `holder-git token revoke NAME`.
  struct RevokeToken: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "revoke",
        abstract: tr("Withdraw a token: its secret is refused from the next request on."),
        discussion: tr("Examples:") + "\n  holder-git token revoke phone")
    }

    @Argument(help: ArgumentHelp(tr("The token's name ('holder-git token list' shows them).")))
    var name: String

    func run() throws {
      try APITokens(environment: ProcessInfo.processInfo.environment).revoke(name: name)
      Printer.message(tr("Revoked the token '\(name)'"))
    }
  }
}

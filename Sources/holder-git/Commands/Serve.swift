import ArgumentParser
import Foundation
import HolderKit
import Localization

extension HolderGit {
  /// `holder-git serve`: the web app, run by the separate program `holder-git-serve` (as git
  /// runs its subcommand programs), so this binary's start-up never loads the server.
  struct Serve: StoreCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "serve",
        abstract: tr("Browse, search and edit the store in your web browser."),
        discussion: tr(
          """
          Serves the store on http://127.0.0.1:PORT/ until Ctrl-C. One server per store: a
          second 'serve' says where the first one is. The page shows a bookmarklet that saves
          any page you are on. Other machines can reach it only with --listen and a --token.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git serve
              holder-git serve --port 8080 --open
              holder-git serve --listen 192.168.1.20 --token 'a long secret phrase'
            """)
    }

    @OptionGroup var storeOptions: StoreOptions

    @Option(help: ArgumentHelp(tr("The port (default 4807; 0 lets the system choose).")))
    var port: Int?

    @Flag(help: ArgumentHelp(tr("Open the app in your browser ($BROWSER, else xdg-open).")))
    var open = false

    @Option(
      help: ArgumentHelp(
        tr("Listen on this address instead of 127.0.0.1 (needs --token)."), valueName: "address"))
    var listen: String?

    @Option(
      help: ArgumentHelp(
        tr("The secret other machines give once, as http://ADDRESS:PORT/?token=SECRET.")))
    var token: String?

    func validate() throws {
      if let port, !(0...65535).contains(port) {
        throw ValidationError(tr("'--port' takes a number from 1 to 65535"))
      }
      if let listen, !ServeProgram.isLoopback(listen), (token ?? "").count < 12 {
        throw ValidationError(
          tr(
            "listening on \(listen) lets other machines in: give '--token' with a secret of at least 12 characters"
          ))
      }
    }

    func run(_ store: Store) throws {
      var arguments = ["--store", store.root]
      if let port { arguments += ["--port", String(port)] }
      if let listen { arguments += ["--listen", listen] }
      if let token { arguments += ["--token", token] }
      if open { arguments.append("--open") }
      try ServeProgram.exec(arguments)
    }
  }
}

/// Finds `holder-git-serve` beside this binary and replaces this process with it.
enum ServeProgram {
  static func isLoopback(_ address: String) -> Bool {
    address == "localhost" || address == "::1" || address.hasPrefix("127.")
  }

  static var path: String {
    URL(fileURLWithPath: ExecutablePath.current).deletingLastPathComponent()
      .appendingPathComponent("holder-git-serve").path
  }

  static func exec(_ arguments: [String]) throws -> Never {
    let program = path
    guard FileManager.default.isExecutableFile(atPath: program) else {
      Printer.message(
        tr(
          "Error: the web app is a separate program, \(program), which is not there: build it with `swift build --product holder-git-serve` (or `make build`) and keep it beside holder-git"
        ))
      throw ExitCode.failure
    }
    let all = [program] + arguments
    var pointers = all.map { strdup($0) }
    pointers.append(nil)
    execv(program, pointers)
    Printer.errorLine(tr("Error: could not start \(program): \(String(cString: strerror(errno)))"))
    throw ExitCode.failure
  }
}

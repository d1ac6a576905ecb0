import ArgumentParser
import Dispatch
import HolderKit
import Localization
import Serve

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

extension HolderGit {
  /// `holder-git serve`: the web app, which this same binary runs when it is called as
  /// `holder-git-serve` (see `ServeProgram`).
  struct Serve: StoreCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "serve",
        abstract: tr("Browse, search and edit the store in your web browser."),
        discussion: tr(
          """
          Serves the store on http://127.0.0.1:PORT/ until Ctrl-C. One server per store: a
          second 'serve' says where the first one is. The page shows a bookmarklet that saves
          any page you are on. Other machines reach it with --listen, or through a reverse
          proxy named by --public-url: then every page asks for a token of
          'holder-git token add NAME', which must exist before it starts.
          """)
          + "\n\n"
          + tr(
            """
            --install-service writes a systemd user unit that serves this store (with the same
            --port and --listen) and says how to start it; nothing is served now.
            """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git serve
              holder-git serve --port 8080 --open
              holder-git serve --listen 192.168.1.20 --tls-cert cert.pem --tls-key key.pem
              holder-git serve --public-url https://bookmarks.example.org
              holder-git serve --install-service
            """)
    }

    @OptionGroup var storeOptions: StoreOptions

    @Option(help: ArgumentHelp(tr("The port (default 4807; 0 lets the system choose).")))
    var port: Int?

    @Flag(help: ArgumentHelp(tr("Open the app in your browser ($BROWSER, else xdg-open).")))
    var open = false

    @Option(
      help: ArgumentHelp(
        tr("Listen on this address instead of 127.0.0.1 (pages then ask for a token)."),
        valueName: "address"))
    var listen: String?

    @Option(
      name: .customLong("tls-cert"),
      help: ArgumentHelp(
        tr("Serve HTTPS with this certificate chain (PEM; with --tls-key)."), valueName: "file"))
    var tlsCertificate: String?

    @Option(
      name: .customLong("tls-key"),
      help: ArgumentHelp(tr("The private key of --tls-cert (PEM)."), valueName: "file"))
    var tlsKey: String?

    @Option(
      name: .customLong("public-url"),
      help: ArgumentHelp(
        tr("The address a reverse proxy serves the app at (pages then ask for a token)."),
        valueName: "url"))
    var publicURL: String?

    @Flag(
      help: ArgumentHelp(
        tr("Write a systemd user unit that serves this store, instead of serving it now.")))
    var installService = false

    @Option(
      help: ArgumentHelp(
        tr("The unit's name when 'holder-git' serves another store (with --install-service)."),
        valueName: "name"))
    var serviceName: String?

    @Flag(
      help: ArgumentHelp(tr("Replace a unit that says something else (with --install-service).")))
    var force = false

    func validate() throws {
      if !installService && (serviceName != nil || force) {
        throw ValidationError(tr("'--service-name' and '--force' go with '--install-service'"))
      }
      if installService && open {
        throw ValidationError(tr("a service opens no browser: leave out '--open'"))
      }
      if let serviceName, !ServiceUnit.isValidName(unitName(serviceName)) {
        throw ValidationError(
          tr(
            "'--service-name' takes letters, digits and - _ . : @ (such as holder-git-work), not '\(serviceName)'"
          ))
      }
      if let port, !(0...65535).contains(port) {
        throw ValidationError(tr("'--port' takes a number from 1 to 65535"))
      }
      if (tlsCertificate == nil) != (tlsKey == nil) {
        throw ValidationError(
          tr(
            "HTTPS needs both '--tls-cert FILE' and '--tls-key FILE' (the certificate and its private key, PEM)"
          ))
      }
    }

    func run(_ store: Store) throws {
      if installService { return try install(store) }
      var arguments = ["--store", store.root]
      if let port { arguments += ["--port", String(port)] }
      if let listen { arguments += ["--listen", listen] }
      arguments += remoteArguments(absolute: false)
      if open { arguments.append("--open") }
      try ServeProgram.exec(arguments)
    }
  }
}

extension HolderGit.Serve {
  /// `--tls-cert`, `--tls-key` and `--public-url` as given; with `absolute`, the files'
  /// paths made absolute for a unit, which runs in no folder of the person's.
  func remoteArguments(absolute: Bool) -> [String] {
    func path(_ file: String) -> String {
      guard absolute, !file.hasPrefix("/") else { return file }
      return FileManager.default.currentDirectoryPath + "/" + file
    }
    var arguments: [String] = []
    if let tlsCertificate { arguments += ["--tls-cert", path(tlsCertificate)] }
    if let tlsKey { arguments += ["--tls-key", path(tlsKey)] }
    if let publicURL { arguments += ["--public-url", publicURL] }
    return arguments
  }

  /// `serviceName` without the `.service` a person may have typed.
  func unitName(_ serviceName: String) -> String {
    serviceName.hasSuffix(".service") ? String(serviceName.dropLast(8)) : serviceName
  }

  /// `--install-service`: writes the unit, then says how to start it, keep it running and
  /// read its log.
  func install(_ store: Store) throws {
    let environment = ProcessInfo.processInfo.environment
    var unit = ServiceUnit(
      name: serviceName.map(unitName) ?? ServiceUnit.defaultName, program: ExecutablePath.current,
      store: store.root, port: port, listen: listen, environment: environment)
    unit.remote = remoteArguments(absolute: true)
    let folder = ServiceUnit.folder(environment: environment)
    let path = folder + "/" + unit.fileName
    switch try unit.install(in: folder, force: force) {
    case .differs:
      let suggestion =
        "holder-git-" + (store.root.split(separator: "/").last.map(String.init) ?? "2")
      Printer.errorLine(
        tr(
          "Error: \(path) exists and says something else (another store's, or other options). To keep it, give this store a unit of its own with --service-name NAME (such as \(suggestion)); to replace it, add --force."
        ))
      throw ExitCode.failure
    case .unchanged:
      Printer.out(tr("\(path) is up to date."))
    case .written, .replaced:
      Printer.out(tr("Wrote \(path)."))
    }
    let host = listen ?? "127.0.0.1"
    let scheme = tlsCertificate == nil ? "http" : "https"
    let address =
      "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port ?? ServeOptions.defaultPort)/"
    Printer.out("")
    Printer.out(tr("Start it now and at each login:"))
    Printer.out("  systemctl --user daemon-reload && systemctl --user enable --now \(unit.name)")
    Printer.out(tr("Keep it running after you log out (and start it at boot):"))
    Printer.out("  loginctl enable-linger \(environment["USER"] ?? "$USER")")
    Printer.out(tr("Its log:"))
    Printer.out("  journalctl --user -u \(unit.name)")
    Printer.out(tr("Is it up?"))
    Printer.out("  curl \(address)health")
  }
}

/// The web app inside this binary, started by execing the binary again under the app's name.
///
/// One program for the CLI and the app, so what is installed carries one copy of the Swift
/// runtime and Foundation; the exec leaves the app's process nothing of the CLI's (its opened
/// store, its arguments), and no command's start-up runs the server's code.
enum ServeProgram {
  /// The app's name as `argv[0]`: how `HolderGit.main` knows to serve, and how a second serve
  /// recognises a running one (`/proc/PID/cmdline`).
  static let name = "holder-git-serve"

  /// Whether this process was started as the app.
  static var isCalled: Bool {
    guard let first = CommandLine.arguments.first else { return false }
    return first == name || first.hasSuffix("/" + name)
  }

  /// Runs the app until it stops, then exits (the app exits with its own status on failure).
  static func runApp() -> Never {
    Task {
      await ServeMain.run(arguments: Array(CommandLine.arguments.dropFirst()))
      exit(0)
    }
    dispatchMain()
  }

  static func exec(_ arguments: [String]) throws -> Never {
    let program = ExecutablePath.current
    let all = [name] + arguments
    var pointers = all.map { strdup($0) }
    pointers.append(nil)
    execv(program, pointers)
    Printer.errorLine(tr("Error: could not start \(program): \(String(cString: strerror(errno)))"))
    throw ExitCode.failure
  }
}

// The program `holder-git serve` starts: reads its arguments, refuses a second server on the
// same store (saying where the first one is), listens, prints its address, and on Ctrl-C
// (SIGINT) or SIGTERM stops taking connections, finishes the requests under way (a write's
// commit lands), closes its pages' event streams, stops and removes its instance file.
// Where other machines reach it, it starts only when the token file has a token; with
// `--tls-cert` and `--tls-key` it speaks HTTPS only.
// What it prints to the terminal is in the terminal's language (LANG, as the CLI chooses);
// its log lines (`ServeLog`) are in English.
import Git
import HolderKit
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Localization
import Logging
import NIOCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

public enum ServeMain {
  /// Runs the app until it is stopped; exits the process with a status on failure.
  public static func run(arguments: [String]) async {
    let options: ServeOptions
    do {
      options = try ServeOptions.parse(arguments)
    } catch {
      fail("holder-git serve: \(error)", status: 2)
    }
    let tokens = APITokens(environment: ProcessInfo.processInfo.environment)
    if options.isReachableFromOtherMachines && tokens.isEmpty() {
      let place = options.publicURL?.origin ?? options.listen
      fail(
        "holder-git serve: "
          + tr(
            "other machines would reach the app at \(place), and it lets them in only with a token: run 'holder-git token add NAME' first"
          ), status: 2)
    }
    var tls: TLSConfiguration?
    if let certificate = options.tlsCertificate, let key = options.tlsKey {
      do {
        tls = try TLSFiles.load(certificate: certificate, key: key)
      } catch {
        fail("holder-git serve: " + tr(said: error.description), status: 2)
      }
    }
    let store: Store
    do {
      // The web app writes: the store is settled before it serves, as before a command.
      let (opened, notices) = try Store.open(at: options.store, for: .write)
      // Written at once (never `print`, which holds lines in a block buffer when the output
      // is a pipe, as systemd's journal is): a line held back would reach the log late.
      for notice in notices {
        try? StandardStream.output.write("holder-git serve: " + tr(said: notice.sentence) + "\n")
      }
      store = opened
    } catch {
      fail("holder-git serve: " + tr(said: error.errorDescription ?? "\(error)"), status: 3)
    }
    let instanceFile = InstanceFile(storeRoot: store.root)
    if let running = instanceFile.running() {
      let (url, pid) = (running.url, running.pid)
      fail(
        "holder-git serve: "
          + tr(
            "this store is served already at \(url) (process \(pid)); open that address, or stop it (Ctrl-C in its terminal, or kill \(pid)) before starting another"
          ), status: 3)
    }
    do {
      try await serve(
        store: store, options: options, tokens: tokens, tls: tls, instanceFile: instanceFile)
    } catch {
      instanceFile.removeIfOurs()
      fail("holder-git serve: \(Self.describe(error, options))", status: 1)
    }
    instanceFile.removeIfOurs()
    try? StandardStream.output.write("holder-git serve: " + tr("stopped") + "\n")
  }

  private static func serve(
    store: sending Store, options: ServeOptions, tokens: APITokens, tls: TLSConfiguration?,
    instanceFile: InstanceFile
  ) async throws {
    let pages = Pages.load()
    let root = store.root
    let library = Library(store: store)
    let feed = ChangeFeed()
    let settings = GuardSettings(
      listen: options.listen, secret: Secret.make(), tokens: tokens, tls: tls != nil,
      publicURL: options.publicURL)
    let sessions = Sessions()
    let router = Router(context: AppRequestContext.self)
    router.add(middleware: RequestLog())
    router.add(middleware: ReaderLanguage())
    router.add(middleware: ClientAddress(attempts: settings.attempts))
    router.add(middleware: RequestGuard(settings: settings))
    router.add(middleware: LoginGate(settings: settings, sessions: sessions))
    let environment = ProcessInfo.processInfo.environment
    let thumbnails = Thumbnails(
      storeRoot: root, offline: PageFetcher.isOffline(environment: environment),
      allowingLoopback: PageFetcher.allowsLoopback(environment: environment))
    let pageLookup = PageLookup(
      offline: PageFetcher.isOffline(environment: environment),
      allowingLoopback: PageFetcher.allowsLoopback(environment: environment))
    let app = App(
      library: library, pages: pages, settings: settings, feed: feed, thumbnails: thumbnails,
      pageLookup: pageLookup, sessions: sessions)
    router.add(middleware: NotFoundPage(app: app))
    app.addRoutes(to: router)
    var logger = Logger(label: "holder-git-serve")
    logger.logLevel = .error
    // Slow and idle connections closed, open ones counted (`ConnectionLimits`); inside TLS
    // when the app speaks HTTPS.
    let limits = ConnectionLimits.from(environment: environment)
    let server: HTTPServerBuilder =
      try tls.map { try .tls(limits.http1(), tlsConfiguration: $0) } ?? limits.http1()
    let application = Application(
      router: router, server: server,
      configuration: .init(address: .hostname(options.listen, port: options.port)),
      services: [StoreWatcher(library: library, feed: feed, root: root)],
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? options.port
        settings.port = port
        let instance = ServeInstance(
          pid: getpid(), port: port, address: options.listen, tls: tls != nil)
        try? instanceFile.write(instance)
        try? StandardStream.output.write(
          "holder-git serve: " + tr("\(instance.url) (Ctrl-C stops it)") + "\n")
        if let publicURL = options.publicURL {
          try? StandardStream.output.write(
            "holder-git serve: "
              + tr("behind the reverse proxy at \(publicURL.origin)/ (every page asks for a token)")
              + "\n")
        } else if settings.needsLogin {
          try? StandardStream.output.write(
            "holder-git serve: " + tr("every page asks for a token of 'holder-git token add NAME'")
              + "\n")
        }
        if settings.needsLogin && !settings.secureCookies {
          try? StandardStream.output.write(
            "holder-git serve: "
              + tr(
                "plain HTTP: tokens and the login cookie cross the network readable; give --tls-cert and --tls-key, or an https:// --public-url"
              ) + "\n")
        }
        if options.open { Browser.open(instance.url) }
      },
      logger: logger)
    try await application.runService()
  }

  private static func describe(_ error: any Error, _ options: ServeOptions) -> String {
    let text = "\(error)"
    if text.contains("Address already in use") || text.contains("EADDRINUSE") {
      return tr("port \(options.port) is in use by another program; choose another with --port N")
    }
    return tr(said: text)
  }

  private static func fail(_ message: String, status: Int32) -> Never {
    try? StandardStream.error.write(message + "\n")
    exit(status)
  }
}

/// Opens the app in the person's browser (`$BROWSER`, else xdg-open), never waiting for it.
enum Browser {
  static func open(_ url: String) {
    let browser = ProcessInfo.processInfo.environment["BROWSER"] ?? "xdg-open"
    guard
      let child = try? ChildProcess.start(
        "/usr/bin/env", arguments: [browser, url], output: .null, error: .null)
    else { return }
    // Reaped on a thread of its own: a browser may run as long as the app, and a child never
    // waited for would stay a zombie that long.
    startDetachedThread { _ = child.wait() }
  }
}

// The program `holder-git serve` starts: reads its arguments, refuses a second server on the
// same store (saying where the first one is), listens, prints its address, and on Ctrl-C
// (SIGINT) or SIGTERM stops taking connections, finishes the requests under way (a write's
// commit lands), closes its pages' event streams, stops and removes its instance file.
// What it prints to the terminal is in the terminal's language (LANG, as the CLI chooses);
// its log lines (`ServeLog`) are in English.
import Git
import HolderKit
import Hummingbird
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
      try await serve(store: store, options: options, instanceFile: instanceFile)
    } catch {
      instanceFile.removeIfOurs()
      fail("holder-git serve: \(Self.describe(error, options))", status: 1)
    }
    instanceFile.removeIfOurs()
    try? StandardStream.output.write("holder-git serve: " + tr("stopped") + "\n")
  }

  private static func serve(store: sending Store, options: ServeOptions, instanceFile: InstanceFile)
    async throws
  {
    let pages = Pages.load()
    let root = store.root
    let library = Library(store: store)
    let feed = ChangeFeed()
    let settings = GuardSettings(
      listen: options.listen, secret: Secret.make(), token: options.token,
      tokens: APITokens(environment: ProcessInfo.processInfo.environment))
    let router = Router()
    router.add(middleware: RequestLog())
    router.add(middleware: ReaderLanguage())
    router.add(middleware: RequestGuard(settings: settings))
    let environment = ProcessInfo.processInfo.environment
    let thumbnails = Thumbnails(
      storeRoot: root, offline: PageFetcher.isOffline(environment: environment),
      allowingLoopback: PageFetcher.allowsLoopback(environment: environment))
    let pageLookup = PageLookup(
      offline: PageFetcher.isOffline(environment: environment),
      allowingLoopback: PageFetcher.allowsLoopback(environment: environment))
    let app = App(
      library: library, pages: pages, settings: settings, feed: feed, thumbnails: thumbnails,
      pageLookup: pageLookup)
    router.add(middleware: NotFoundPage(app: app))
    app.addRoutes(to: router)
    var logger = Logger(label: "holder-git-serve")
    logger.logLevel = .error
    // Slow and idle connections closed, open ones counted (`ConnectionLimits`).
    let limits = ConnectionLimits.from(environment: environment)
    let application = Application(
      router: router,
      server: limits.http1(),
      configuration: .init(address: .hostname(options.listen, port: options.port)),
      services: [StoreWatcher(library: library, feed: feed, root: root)],
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? options.port
        settings.port = port
        let instance = ServeInstance(pid: getpid(), port: port, address: options.listen)
        try? instanceFile.write(instance)
        try? StandardStream.output.write(
          "holder-git serve: " + tr("\(instance.url) (Ctrl-C stops it)") + "\n")
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

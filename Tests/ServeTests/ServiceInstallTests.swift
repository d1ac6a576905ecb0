// `holder-git serve --install-service`: the systemd user unit it writes (where, and what it
// says), what it tells the person to run next, and that it never overwrites a unit that says
// something else unless told to. `systemd-analyze verify` reads the unit where systemd is
// installed (CI has none: the check says so and is skipped).
import Foundation
import HolderTestSupport
import Testing

@Suite struct ServiceInstallTests {
  private let binary: HolderBinary
  /// A store whose path needs quoting in a unit file, and escaping of systemd's `%`.
  private let store: String
  private let units: String

  init() throws {
    binary = try HolderBinary()
    store = binary.git.path("my bookmarks 100%")
    try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
    #expect(try binary.run(["init"], in: store).status == 0)
    units = binary.git.path(".config/systemd/user")
  }

  private func install(_ arguments: [String] = []) throws -> HolderBinary.Result {
    try binary.run(["serve", "--install-service"] + arguments, in: store)
  }

  private func unit(_ name: String = "holder-git") throws -> String {
    try String(contentsOfFile: units + "/\(name).service", encoding: .utf8)
  }

  @Test func theUnitServesOtherMachinesAsTheCommandWould() throws {
    // Files named from the store's folder, as a person types them: the unit runs in no folder
    // of theirs, so it names them in full.
    let result = try install([
      "--listen", "192.0.2.20", "--tls-cert", "tls/cert.pem", "--tls-key", "tls/key.pem",
      "--public-url", "https://bookmarks.example.org",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let text = try unit()
    let folder = store.replacingOccurrences(of: "%", with: "%%")
    #expect(text.contains("--tls-cert \"\(folder)/tls/cert.pem\""), "\(text)")
    #expect(text.contains("--tls-key \"\(folder)/tls/key.pem\""), "\(text)")
    #expect(text.contains("--public-url https://bookmarks.example.org"), "\(text)")
    #expect(result.stdout.contains("curl https://192.0.2.20:4807/health"))
  }

  @Test func writesAUnitForThisStoreAndSaysWhatToRunNext() throws {
    let result = try install(["--port", "4900"])
    #expect(result.status == 0, "\(result.stderr)")
    let text = try unit()
    let program = URL(fileURLWithPath: HolderBinary.path).resolvingSymlinksInPath().path
    #expect(
      text.contains(
        "ExecStart=\(program) serve --store \"\(store.replacingOccurrences(of: "%", with: "%%"))\" --port 4900\n"
      ), "\(text)")
    for line in [
      "Restart=on-failure", "KillSignal=SIGTERM", "TimeoutStopSec=90", "NoNewPrivileges=yes",
      "PrivateTmp=yes", "ProtectSystem=strict", "WantedBy=default.target",
    ] {
      #expect(text.contains("\n\(line)\n"), "\(line)")
    }
    // The store stays writable under ProtectSystem/ProtectHome, and the tokens file's folder.
    #expect(text.contains("ReadWritePaths=\"\(store.replacingOccurrences(of: "%", with: "%%"))\""))
    #expect(text.contains("-" + binary.git.path(".config/holder-git")))
    #expect(text.contains("Environment=XDG_CONFIG_HOME=" + binary.git.path(".config")))
    #expect(!text.contains("--token"))
    for next in [
      "systemctl --user daemon-reload && systemctl --user enable --now holder-git",
      "loginctl enable-linger", "journalctl --user -u holder-git",
      "curl http://127.0.0.1:4900/health",
    ] {
      #expect(result.stdout.contains(next), "\(next)")
    }
    try verify(units + "/holder-git.service")
  }

  @Test func refusesToReplaceADifferentUnitUnlessForcedAndNamesAnotherStoresUnit() throws {
    #expect(try install().status == 0)
    let first = try unit()
    let again = try install()
    #expect(again.status == 0)
    #expect(again.stdout.contains("is up to date"))

    let other = try install(["--port", "4901"])
    #expect(other.status != 0)
    #expect(other.stderr.contains("--force") && other.stderr.contains("--service-name"))
    #expect(try unit() == first, "the unit was left as it was")

    let forced = try install(["--port", "4901", "--force"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(try unit().contains("--port 4901"))

    let named = try install(["--port", "4902", "--service-name", "holder-git-work"])
    #expect(named.status == 0, "\(named.stderr)")
    #expect(try unit("holder-git-work").contains("--port 4902"))
    #expect(named.stdout.contains("enable --now holder-git-work"))
  }

  @Test func refusesWhatAServiceCannotUse() throws {
    let opened = try install(["--open"])
    #expect(opened.status != 0)
    #expect(opened.stderr.contains("--open"))
    let named = try binary.run(["serve", "--service-name", "x"], in: store)
    #expect(named.status != 0)
    #expect(named.stderr.contains("--install-service"))
    let bad = try install(["--service-name", "my unit"])
    #expect(bad.status != 0)
    #expect(bad.stderr.contains("--service-name"))
    #expect(!FileManager.default.fileExists(atPath: units + "/holder-git.service"))
  }

  /// `systemd-analyze verify` on the unit, where systemd is installed.
  private func verify(_ file: String) throws {
    let analyze = "/usr/bin/systemd-analyze"
    guard FileManager.default.isExecutableFile(atPath: analyze) else {
      print("skipped: systemd-analyze is not installed, the unit was not verified by systemd")
      return
    }
    let result = try runProcess(
      analyze, ["verify", "--man=no", file], cwd: binary.git.root, env: binary.environment(),
      stdin: nil)
    #expect(result.status == 0, "systemd-analyze verify: \(result.stdout)\(result.stderr)")
  }
}

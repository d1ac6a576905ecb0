import Foundation
import HolderTestSupport
import Testing

/// Completion as bash, zsh and fish run it: each shell loads the script `holder-git
/// --generate-completion-script` prints and completes a command line against a store the
/// built binary made.
///
/// bash: the completion function is called with COMP_WORDS and COMP_CWORD set. zsh: an
/// interactive zsh in a zpty completes the line with compinit, and `compadd` is wrapped to
/// write what it is given. fish: `complete -C`; fish 3 reports no cursor to a script outside an
/// interactive line, so `commandline -tC` answers the end of the word, where `complete -C`
/// completes.
@Suite struct CompletionShellTests {
  /// A command line up to the cursor, and what every shell must offer there.
  private static let cases: [(line: String, offered: Set<String>)] = [
    ("holder-git show ", ["example.org/a", "example.org/b"]),
    ("holder-git open ", ["example.org/a", "example.org/b"]),
    ("holder-git edit ", ["example.org/a", "example.org/b"]),
    ("holder-git rm example.org/a ", ["example.org/a", "example.org/b"]),
    // log and restore name deleted bookmarks too.
    ("holder-git log ", ["example.org/a", "example.org/b", "example.org/gone"]),
    ("holder-git restore ", ["example.org/a", "example.org/b", "example.org/gone"]),
    ("holder-git add example.org/c --tag ", ["dev", "dev/swift", "later", "reading"]),
    ("holder-git add example.org/c --tag later --tag d", ["dev", "dev/swift"]),
    ("holder-git list --tag ", ["dev", "dev/swift", "later", "reading"]),
    ("holder-git search swift --tag r", ["reading"]),
    ("holder-git export --tag ", ["dev", "dev/swift", "later", "reading"]),
    ("holder-git edit example.org/a --remove-tag ", ["dev/swift", "reading"]),
    ("holder-git edit example.org/b --title x --remove-tag ", ["later"]),
    ("holder-git tag rename later ", ["dev/", "dev/swift/", "reading/"]),
    ("holder-git tag rename dev ", ["later/", "reading/"]),
    ("holder-git remote rename ", ["backup", "origin"]),
    ("holder-git remote set-url o", ["origin"]),
    ("holder-git remote remove ", ["backup", "origin"]),
    ("holder-git sync b", ["backup"]),
  ]

  @Test(arguments: ["bash", "zsh", "fish"])
  func offersWhatTheCommandTakes(shell: String) throws {
    let binary = try HolderBinary()
    guard let program = Self.find(shell) else {
      Issue.record("\(shell) is not installed: run scripts/setup --test")
      return
    }
    let folder = try Self.store(binary)
    let environment = binary.environment([
      "HOLDER_GIT_STORE": folder + "/store",
      "PATH": folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
    ])
    let script = try binary.run(["--generate-completion-script", shell]).stdout
    for (line, offered) in Self.cases {
      let got = try Self.complete(
        line, shell: shell, program: program, script: script, folder: folder, env: environment)
      #expect(got == offered, "\(shell): '\(line)'")
    }
  }

  /// A store with three bookmarks, one of them deleted, two remotes, and the binary on PATH as
  /// holder-git.
  private static func store(_ binary: HolderBinary) throws -> String {
    let folder = binary.git.path("completion")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/holder-git", withDestinationPath: HolderBinary.path)
    let store = folder + "/store"
    let runs: [[String]] = [
      ["init", store],
      ["--store", store, "add", "example.org/a", "--tag", "dev/swift", "--tag", "reading"],
      ["--store", store, "add", "example.org/b", "--tag", "later"],
      ["--store", store, "add", "example.org/gone", "--tag", "old"],
      ["--store", store, "rm", "example.org/gone"],
      ["--store", store, "remote", "add", "origin", "/srv/bookmarks.git"],
      ["--store", store, "remote", "add", "backup", "/mnt/usb/bookmarks.git"],
    ]
    for run in runs { #expect(try binary.run(run).status == 0, "\(run)") }
    return folder
  }

  /// The candidates `shell` offers at the end of `line`.
  private static func complete(
    _ line: String, shell: String, program: String, script: String, folder: String,
    env: [String: String]
  ) throws -> Set<String> {
    let file = folder + "/completion." + shell
    try script.write(toFile: file, atomically: true, encoding: .utf8)
    let result: (status: Int32, stdout: String, stderr: String)
    switch shell {
    case "bash":
      result = try runProcess(
        program, ["--norc", "--noprofile", "-c", bashDriver, "bash", file, line], cwd: folder,
        env: env, stdin: [])
    case "zsh":
      // compinit finds the script as _holder-git on fpath.
      try script.write(toFile: folder + "/_holder-git", atomically: true, encoding: .utf8)
      let out = folder + "/zsh-offered"
      try? FileManager.default.removeItem(atPath: out)
      // A zsh that never completes would keep the driver reading: timeout ends it.
      result = try runProcess(
        "/usr/bin/timeout", ["60", program, "-f", "-c", zshDriver, "zsh", folder, out, line],
        cwd: folder, env: env, stdin: [])
      let offered = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
      #expect(result.status == 0, "zsh: '\(line)': \(result.stderr)")
      return Set(offered.split(separator: "\n").map(String.init))
    default:
      result = try runProcess(
        program, ["-N", "-c", fishDriver, file, line], cwd: folder, env: env, stdin: [])
    }
    #expect(result.status == 0, "\(shell): '\(line)': \(result.stderr)")
    // fish prints a description after a tab.
    return Set(
      result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) })
  }

  /// Loads the script and calls its function as bash's `complete -F` does.
  private static let bashDriver = #"""
    source "$1"
    COMP_LINE="$2"; COMP_POINT=${#COMP_LINE}
    read -ra COMP_WORDS <<< "$COMP_LINE"
    [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _holder-git holder-git "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
    printf '%s\n' "${COMPREPLY[@]}"
    """#

  /// Types the line into an interactive zsh and completes it with a widget that prints DONE
  /// when completion has run, so the driver reads until then and no longer.
  private static let zshDriver = #"""
    zmodload zsh/zpty
    zpty shell zsh -f -i
    zpty -w shell "PS1='' fpath=($1 \$fpath); autoload -Uz compinit; compinit -u -D"
    zpty -w shell "compadd() { local -a m; builtin compadd -O m \"\$@\"; print -rl -- \"\${m[@]}\" >> ${(q)2}; builtin compadd \"\$@\" }"
    zpty -w shell "finish() { zle complete-word; print -n DO; print NE }; zle -N finish; bindkey '^T' finish"
    zpty -n -w shell "$3"$'\x14'
    local all= chunk
    while zpty -r shell chunk; do all+=$chunk; [[ $all == *DONE* ]] && break; done
    zpty -d shell
    [[ $all == *DONE* ]]
    """#

  /// `complete -C` with the cursor at the end of the word.
  private static let fishDriver = #"""
    source $argv[1]
    function commandline
        if contains -- -tC $argv
            string length -- (builtin commandline -t)
        else
            builtin commandline $argv
        end
    end
    complete -C $argv[2]
    """#

  /// `shell` on PATH.
  private static func find(_ shell: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { $0 + "/" + shell }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }
}

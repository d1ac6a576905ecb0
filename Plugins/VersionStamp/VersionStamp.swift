// The build-tool plugin that gives `holder-git --version` its version and commit: it runs
// `scripts/version-stamp`, which writes `BuildVersion.swift` into the plugin's work folder
// (never into the sources), whenever the VERSION file or where HEAD points changes, and at no
// other build, so an ordinary build recompiles nothing for it.
import Foundation
import PackagePlugin

@main
struct VersionStamp: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let root = context.package.directoryURL
    let script = root.appending(path: "scripts/version-stamp")
    let output = context.pluginWorkDirectoryURL.appending(path: "BuildVersion.swift")
    // A build command, run when one of its inputs changes. (A prebuild command would be run
    // only when SwiftPM plans the build again, which a new commit does not make it do.)
    return [
      .buildCommand(
        displayName: "Stamping the version and commit of \(target.name)",
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: [
          script.path(percentEncoded: false), root.path(percentEncoded: false),
          output.path(percentEncoded: false),
        ],
        inputFiles: [root.appending(path: "VERSION"), script] + Self.headFiles(root),
        outputFiles: [output])
    ]
  }

  /// The files git changes when HEAD moves.
  ///
  /// HEAD itself (a checkout), its reflog (every commit, reset or checkout: on by default
  /// wherever there is a work tree) and packed-refs. Not the branch's loose ref: `git gc` deletes
  /// it, and a declared input that disappears is better not left to the build system. None in a tree without .git (a
  /// tarball): the stamp is made once.
  static func headFiles(_ root: URL) -> [URL] {
    let manager = FileManager.default
    let dotGit = root.appending(path: ".git")
    var isDirectory: ObjCBool = false
    guard manager.fileExists(atPath: dotGit.path(percentEncoded: false), isDirectory: &isDirectory)
    else { return [] }
    // A worktree's or submodule's .git is a file: "gitdir: <its own git folder>".
    var gitDirectory = dotGit
    if !isDirectory.boolValue {
      guard let text = try? String(contentsOf: dotGit, encoding: .utf8),
        text.hasPrefix("gitdir:")
      else { return [] }
      let path = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
      gitDirectory =
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appending(path: path)
    }
    // Refs live in the common folder, which a worktree's git folder names in `commondir`.
    var common = gitDirectory
    if let text = try? String(
      contentsOf: gitDirectory.appending(path: "commondir"), encoding: .utf8)
    {
      let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
      common =
        path.hasPrefix("/")
        ? URL(fileURLWithPath: path) : gitDirectory.appending(path: path).standardizedFileURL
    }
    let files = [
      gitDirectory.appending(path: "HEAD"), gitDirectory.appending(path: "logs/HEAD"),
      common.appending(path: "packed-refs"),
    ]
    return files.filter { manager.fileExists(atPath: $0.path(percentEncoded: false)) }
  }
}

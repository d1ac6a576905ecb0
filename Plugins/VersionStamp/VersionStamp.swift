// The build-tool plugin that gives `holder-git --version` its version and commit: before each
// build it runs `scripts/version-stamp`, which writes `BuildVersion.swift` into the plugin's
// work folder (never into the sources) and rewrites it only when the commit or the version
// changed, so an ordinary build recompiles nothing for it.
import Foundation
import PackagePlugin

@main
struct VersionStamp: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let root = context.package.directoryURL
    let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
    // A prebuild command, because only it runs on every build: a build command runs when its
    // declared inputs change, and a new commit changes no file SwiftPM could be told about.
    return [
      .prebuildCommand(
        displayName: "Stamping the version and commit of \(target.name)",
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: [
          root.appending(path: "scripts/version-stamp").path(percentEncoded: false),
          root.path(percentEncoded: false),
          output.appending(path: "BuildVersion.swift").path(percentEncoded: false),
        ],
        outputFilesDirectory: output)
    ]
  }
}

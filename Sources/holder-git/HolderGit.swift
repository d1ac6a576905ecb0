import ArgumentParser

@main
struct HolderGit: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "holder-git")
}

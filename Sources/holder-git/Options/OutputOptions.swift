import ArgumentParser
import Localization

/// `--json`, shared by every command that prints bookmarks.
struct OutputOptions: ParsableArguments {
  @Flag(name: .long, help: ArgumentHelp(tr("Print JSON (the shape is described in docs/json.md).")))
  var json = false
}

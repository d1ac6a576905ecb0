// The web app alone, as the Serve tests start it (the installed `holder-git` runs the same
// `ServeMain` when called by this name); everything is in `Serve`.
import Serve

await ServeMain.run(arguments: Array(CommandLine.arguments.dropFirst()))

// The `holder-git-serve` program: `holder-git serve` execs it; everything is in `Serve`.
import Serve

await ServeMain.run(arguments: Array(CommandLine.arguments.dropFirst()))

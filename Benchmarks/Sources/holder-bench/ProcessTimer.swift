import Foundation

/// Runs a process to its end and measures it as a user would: wall time and peak memory.
enum ProcessTimer {
  struct Measurement {
    var milliseconds: Double
    /// User plus system time: what the run cost whatever else the machine was doing.
    var cpuMilliseconds: Double
    var peakKiB: Int
    var status: Int32
    var output: String
  }

  /// GNU time, which measures a process's peak memory from outside this runner.
  static let timeProgram = "/usr/bin/time"

  /// Runs `executable` with `arguments` in `directory`, with `extra` added to the
  /// environment; stdin is /dev/null, stdout goes to a file read back.
  static func run(
    _ executable: String, _ arguments: [String], in directory: String,
    environment extra: [String: String] = [:]
  ) throws -> Measurement {
    let outputPath = NSTemporaryDirectory() + "holder-bench-\(getpid()).out"
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    // The runner is single-threaded: the child inherits this working directory, and the
    // runner goes back to its own before returning. A scenario may delete `directory`
    // afterwards, and a runner left in a deleted folder makes every later helper fail
    // (git's getcwd).
    let previous = FileManager.default.currentDirectoryPath
    guard FileManager.default.changeCurrentDirectoryPath(directory) else {
      throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: directory])
    }
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    // posix_spawn's child starts from this runner's memory, and the kernel counts the runner's
    // high-water RSS as the child's at exec: a small middleman (GNU time) forks the measured
    // process from its own small memory and writes that process's true peak.
    let peakPath = outputPath + ".peak"
    let middleman = FileManager.default.isExecutableFile(atPath: timeProgram)
    let command =
      middleman
      ? [timeProgram, "-f", "%M", "-o", peakPath, executable] + arguments
      : [executable] + arguments
    let argv = command.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment.merge(extra) { $1 }
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in envp { free(pointer) } }
    var pid: pid_t = 0
    let begin = DispatchTime.now().uptimeNanoseconds
    let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, envp)
    guard spawned == 0 else { throw CocoaError(.executableLoad) }
    var status: Int32 = 0
    var usage = rusage()
    _ = wait4(pid, &status, 0, &usage)
    let end = DispatchTime.now().uptimeNanoseconds
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    try? FileManager.default.removeItem(atPath: outputPath)
    let peak = (try? String(contentsOfFile: peakPath, encoding: .utf8)).flatMap {
      Int($0.split(separator: "\n").last ?? "")
    }
    try? FileManager.default.removeItem(atPath: peakPath)
    return Measurement(
      milliseconds: Double(end - begin) / 1_000_000,
      cpuMilliseconds: Double(
        (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000 + usage.ru_utime.tv_usec
          + usage.ru_stime.tv_usec) / 1_000,
      peakKiB: middleman ? peak ?? 0 : Int(usage.ru_maxrss),
      status: (status >> 8) & 0xFF, output: output)
  }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Hands the terminal to a program a person works in (a pager, an editor) and takes it back.
///
/// A pager or an editor starts in a process group of its own (`ownProcessGroup`), which the
/// terminal stops (SIGTTIN, SIGTTOU) the moment it reads a key or sets its mode; a shell hands
/// the terminal to its foreground job, and holder-git must do the same or `less` and `vim` hang.
struct TerminalForeground {
  private let terminal: Int32

  /// Gives the terminal to `group` when holder-git itself is the terminal's foreground job;
  /// nil when there is no terminal or holder-git runs in the background (it takes nothing).
  init?(group: pid_t) {
    let descriptors = [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
    guard let terminal = descriptors.first(where: { isatty($0) == 1 }),
      tcgetpgrp(terminal) == getpgrp()
    else { return nil }
    self.terminal = terminal
    // Ignored so that taking the terminal back works even while another group holds it.
    signal(SIGTTOU, SIG_IGN)
    guard tcsetpgrp(terminal, group) == 0 else {
      signal(SIGTTOU, SIG_DFL)
      return nil
    }
    // The child may already have been stopped for touching the terminal before it was its own.
    kill(-group, SIGCONT)
  }

  /// Takes the terminal back once the child has ended.
  func restore() {
    _ = tcsetpgrp(terminal, getpgrp())
    signal(SIGTTOU, SIG_DFL)
  }
}

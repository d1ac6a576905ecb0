// The app's log: one line per write made through it, per request refused or failed, and per
// connection it closed, on standard output. Under systemd that is the journal
// (`journalctl --user -u holder-git`); in a terminal, the terminal. Each line is written
// whole with one write(2), never held in a buffer, so a line is in the journal when its
// request is answered. Lines name the method, the path (never the query, where a token may
// travel), the status and the client's address: never a token, a secret or a cookie. They
// are in English whatever the language, so one `journalctl | grep` finds them everywhere.
import HolderKit

enum ServeLog {
  /// Writes `line` (without its newline) to the log.
  static func write(_ line: String) {
    try? StandardStream.output.write("holder-git serve: " + line + "\n")
  }
}

// Naming another device than this machine in the `Device:` trailer of a write: the web app
// names the client (an API token's name) that asked for it, so `holder-git log` says which
// phone or browser saved a link.
import HolderCore

extension Store {
  /// Runs `body` with each commit it makes naming `device` in its `Device:` trailer.
  ///
  /// The name is made one line of printable characters (at most 64), so a client's name can
  /// never add a trailer or a line of its own; an empty name leaves this machine's.
  public func writing<T>(asDevice device: String, _ body: () throws(StoreError) -> T)
    throws(StoreError) -> T
  {
    let name = Self.trailerName(device)
    let previous = deviceOverride
    if !name.isEmpty { deviceOverride = name }
    defer { deviceOverride = previous }
    return try body()
  }

  /// `name` without control characters, on one line, trimmed and shortened.
  static func trailerName(_ name: String) -> String {
    let printable = name.unicodeScalars.map { scalar -> Character in
      scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
        ? " " : Character(scalar)
    }
    return String(String(printable).trimmingSpaces().prefix(64))
  }
}

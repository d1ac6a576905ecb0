/// The intent journal's content (DESIGN §4): what an operation that writes more than
/// one file, or the work tree and a ref, is about to do, so that a crash in the middle is
/// finished or undone by the next command instead of being read as hand edits.
///
/// The file format is lines of text, so a person who finds it can read it: a header, the
/// operation, the branch, the commit it starts from and the one it makes (`-` for none yet),
/// `index-lock held` when the operation took git's `index.lock`, then one path a line. A
/// path's `\` and newline are escaped.
public struct IntentJournal: Equatable, Sendable {
  /// The operation, as one line: its commit message's subject.
  public var operation: String
  /// The branch the operation moves (`refs/heads/…`).
  public var reference: String
  /// The commit the branch was at when the operation started; nil on an unborn branch.
  public var from: String?
  /// The commit the operation made; nil while it has only written files (an import).
  public var to: String?
  /// Every path, relative to the work tree, whose file the operation writes or removes.
  public var paths: [String]
  /// True when the operation holds git's `index.lock` from before its branch moves until
  /// the index is written: after a crash, a lock no process has open is its to remove.
  public var holdsIndexLock: Bool

  public init(
    operation: String, reference: String, from: String?, to: String?, paths: [String],
    holdsIndexLock: Bool = false
  ) {
    self.operation = operation
    self.reference = reference
    self.from = from
    self.to = to
    self.paths = paths
    self.holdsIndexLock = holdsIndexLock
  }

  static let header = "holder-git intent journal 1"
  static let indexLockLine = "index-lock held"

  public func encoded() -> [UInt8] {
    var text = Self.header + "\n"
    text += "operation " + Self.escape(operation) + "\n"
    text += "reference " + Self.escape(reference) + "\n"
    text += "from " + (from ?? "-") + "\n"
    text += "to " + (to ?? "-") + "\n"
    if holdsIndexLock { text += Self.indexLockLine + "\n" }
    for path in paths { text += "path " + Self.escape(path) + "\n" }
    return Array(text.utf8)
  }

  /// The journal in `bytes`; nil when they are not a whole journal (one cut short is not
  /// possible, it is written atomically, but a stranger's file may sit at its name).
  public static func decode(_ bytes: [UInt8]) -> IntentJournal? {
    // By bytes: a field that starts with a combining mark or a joiner would join the space
    // before it into one Character, and a Character-wise prefix test would miss the name.
    guard bytes.last == UInt8(ascii: "\n") else { return nil }
    var lines = bytes.dropLast().split(
      separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)[...]
    guard let first = lines.popFirst(), Array(first) == Array(header.utf8) else { return nil }
    func value(_ line: ArraySlice<UInt8>, _ name: String) -> String? {
      let prefix = Array((name + " ").utf8)
      guard line.starts(with: prefix) else { return nil }
      return unescape(String(decoding: line.dropFirst(prefix.count), as: UTF8.self))
    }
    func field(_ name: String) -> String? {
      lines.popFirst().flatMap { value($0, name) }
    }
    guard let operation = field("operation"), let reference = field("reference"),
      let from = field("from"), let to = field("to")
    else { return nil }
    let holdsIndexLock = lines.first.map { Array($0) == Array(indexLockLine.utf8) } ?? false
    if holdsIndexLock { lines.removeFirst() }
    var paths: [String] = []
    for line in lines {
      guard let path = value(line, "path") else { return nil }
      paths.append(path)
    }
    return IntentJournal(
      operation: operation, reference: reference, from: from == "-" ? nil : from,
      to: to == "-" ? nil : to, paths: paths, holdsIndexLock: holdsIndexLock)
  }

  private static func escape(_ text: String) -> String {
    // By scalar: "\r\n" is one Character, which no single case would match.
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func unescape(_ text: String) -> String {
    var result = ""
    var escaping = false
    for scalar in text.unicodeScalars {
      if escaping {
        switch scalar {
        case "n": result += "\n"
        case "r": result += "\r"
        default: result.unicodeScalars.append(scalar)
        }
        escaping = false
      } else if scalar == "\\" {
        escaping = true
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

/// One link of a Netscape Bookmark File as the HTML reader found it: raw text, no meaning yet.
///
/// The reader (the `HTML` target) fills it from `<A>` and the `<DD>` after it; `ImportEntry`
/// gives it meaning (dates, tags, folders). The helper program that runs the reader hands
/// items to holder-git as JSON lines (`jsonLine`).
public struct NetscapeItem: Hashable, Sendable {
  /// The `HREF` attribute, entities decoded.
  public var href: String
  /// The link text.
  public var title: String
  /// The text of the `<DD>` that follows the link, markup turned into text.
  public var description: String
  /// The names of the `<H3>` folders the link is in, outermost first.
  public var folders: [String]
  /// Every attribute of the `<A>`, names lowercased (`add_date`, `tags`, `toread`…).
  public var attributes: [String: String]
  /// Positions in `folders` the file marks as the browser's own (`PERSONAL_TOOLBAR_FOLDER`).
  public var systemFolders: Set<Int>
  /// The text of the last `<H1>` before the link: the section of a file that has them in
  /// place of folders (Pocket's `Unread` and `Read Archive`); nil when there was none.
  public var section: String?
  /// The line of the file the link starts on (1-based), for reports.
  public var line: Int

  public init(
    href: String, title: String, description: String = "", folders: [String] = [],
    attributes: [String: String] = [:], systemFolders: Set<Int> = [], section: String? = nil,
    line: Int = 0
  ) {
    self.systemFolders = systemFolders
    self.href = href
    self.title = title
    self.description = description
    self.folders = folders
    self.attributes = attributes
    self.section = section
    self.line = line
  }
}

/// Where things live inside a store's work tree (DESIGN §1).
public enum Layout {
  public static let bookmarks = "bookmarks"
  public static let tags = "tags"
  public static let holder = ".holder"
  public static let settings = ".holder/store.json"
  public static let schemaCopy = ".holder/bookmark.schema.json"
  public static let local = ".holder/local"
  /// The commit the tag views were last brought up to date with.
  public static let tagViewsHead = ".holder/local/tag-views-head"
  public static let lockFileName = "holder-git.lock"

  /// The committed `.gitattributes`: bookmark files are never line-ending
  /// converted and merge through holder-git's driver.
  public static let gitAttributes = """
    # Written by holder-git: bookmark files are exact bytes, merged per bookmark.
    /bookmarks/** -text merge=holder-git
    /.holder/store.json -text merge=holder-git

    """

  /// The committed `.gitignore`: per-machine data and the derived tag views.
  public static let gitIgnore = """
    # Written by holder-git: per-machine caches and the derived tag views.
    /.holder/local/
    /tags/

    """
}

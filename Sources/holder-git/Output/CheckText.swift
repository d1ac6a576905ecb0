import HolderKit
import Localization

/// `check`'s findings for people: the kind's name in the reader's language (`--json` keeps
/// the English code).
enum CheckText {
  static func kind(_ kind: CheckFinding.Kind) -> String {
    switch kind {
    case .tagViewLeavesStore: tr("tag view leaves the store")
    case .committedUnderTags: tr("committed under tags/")
    case .brokenFile: tr("broken file")
    case .notABookmarkFile: tr("not a bookmark file")
    case .olderFormat: tr("older store format")
    case .duplicateURL: tr("URL saved twice")
    case .duplicateID: tr("id used twice")
    case .wrongPath: tr("path does not match URL")
    case .notCanonical: tr("not canonical")
    case .tagViewWrong: tr("tag view points elsewhere")
    case .tagViewExtra: tr("extra tag view")
    case .tagViewMissing: tr("missing tag view")
    case .tagViewEdited: tr("bookmark edited through tags/")
    case .tagViewNotALink: tr("not a link under tags/")
    }
  }
}

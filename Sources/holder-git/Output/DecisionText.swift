import HolderCore
import Localization

/// A decision a sync settled (a line of a merge commit's message, or one just made) in the
/// reader's language: the sentence translated, its times written as `show` writes them, its
/// links readable (older merges wrote them percent-encoded).
enum DecisionText {
  static func shown(_ summary: String) -> String {
    TerminalText.oneLine(Resolution.shown(summary: summary, said: tr(said:), time: TimeText.moment))
  }
}

import ArgumentParser
import HolderCore
import HolderKit
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Dates given on the command line, in the forms git takes (`ApproximateDate`).
///
/// `2026-11-20`, `2026-11-20 14:00`, RFC 3339, `yesterday`, `2.weeks.ago`, `3 days ago`. Local
/// times are this machine's; `HOLDER_GIT_NOW` stands in for the clock as it does for commits.
enum DateArgument {
  /// The forms, for help and error texts.
  static let forms = "2026-11-20, '2026-11-20 14:00', yesterday, 2.weeks.ago, '3 days ago'"

  static func timestamp(_ text: String) -> Timestamp? {
    ApproximateDate.parse(text, now: StoreEnvironment.live.now(), timeZone: .current)
  }

  /// Throws the usage error for `text` when it is given and is not a date.
  static func validate(_ text: String?) throws {
    if let text, timestamp(text) == nil {
      throw ValidationError(tr("'\(text)' is not a date; give one such as \(forms)"))
    }
  }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The languages holder-git speaks, and how a run chooses one: `HOLDER_GIT_LANG`, then
/// `LC_ALL`, `LC_MESSAGES` and `LANG`, as command-line tools choose; anything else is English.
public enum Language: String, Sendable, CaseIterable {
  case english = "en"
  case korean = "ko"
  case japanese = "ja"

  /// The language `environment` asks for.
  ///
  /// The first variable that is set decides, as in
  /// POSIX: `LC_ALL=C` means English even when `LANG` is Korean.
  public static func chosen(by environment: [String: String]) -> Language {
    for name in ["HOLDER_GIT_LANG", "LC_ALL", "LC_MESSAGES", "LANG"] {
      if let value = environment[name], !value.isEmpty { return Language(locale: value) }
    }
    return .english
  }

  /// `ko_KR.UTF-8`, `ja`, `ko-KR`: the language part decides; unknown ones are English.
  public init(locale: String) {
    let code = locale.prefix { $0.isLetter }.lowercased()
    self = Language(rawValue: code) ?? .english
  }
}

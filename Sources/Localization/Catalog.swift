#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One language's catalog: English keys to their translations.
///
/// Read from the `.strings` file built into the binary (`Catalogs/`). Only the language in use is ever parsed, and English
/// has no catalog: its keys are its texts.
public struct Catalog: Sendable {
  public let language: Language
  /// Translations by English key; empty for English.
  public let entries: [String: String]

  public init(language: Language) {
    self.language = language
    switch language {
    case .english: entries = [:]
    case .korean: entries = Self.parse(PackageResources.ko_strings)
    case .japanese: entries = Self.parse(PackageResources.ja_strings)
    }
  }

  /// The catalog of the language this run's environment asks for, parsed on first use.
  public static let current = Catalog.shared(
    Language.chosen(by: ProcessInfo.processInfo.environment))

  /// The catalog of `language`, parsed once for the whole process: the web app answers each
  /// request in its reader's language and must not parse a catalog per page.
  public static func shared(_ language: Language) -> Catalog {
    switch language {
    case .english: return english
    case .korean: return korean
    case .japanese: return japanese
    }
  }

  private static let english = Catalog(language: .english)
  private static let korean = Catalog(language: .korean)
  private static let japanese = Catalog(language: .japanese)

  /// `message` in this catalog's language; a key it lacks stays English (the catalog test
  /// keeps that from shipping).
  public func text(_ message: Message) -> String {
    guard let format = entries[message.key] else { return message.english }
    return Message.render(format, message.arguments)
  }

  /// Old-style `.strings` (`"key" = "value";`, C comments), read by `StringsReader`.
  ///
  /// Translators' tools read and write this form. Foundation's property-list parser is not
  /// used: it would bring ICU into every program. The catalog tests hold the reader to
  /// Foundation's answer for the built-in files and fail on a file it cannot read, so none
  /// ships.
  static func parse(_ bytes: [UInt8]) -> [String: String] {
    StringsReader.entries(bytes) ?? [:]
  }

  /// Every key and translation of `language`'s catalog file, for the catalog test.
  public static func entries(of language: Language) -> [String: String] {
    Catalog(language: language).entries
  }
}

/// `message` in the reader's language: the command line's one call for every text it prints.
public func tr(_ message: Message) -> String { Catalog.current.text(message) }

/// A count with its noun: English chooses between `one` and `other`; Korean and Japanese have
/// one form, and their catalogs translate `other` (and `one` alike).
public func tr(count: Int, one: Message, other: Message) -> String {
  tr(count == 1 ? one : other)
}

/// Library text (plain English built from `Message` literals) in the reader's language.
public func tr(said sentence: String) -> String { Catalog.current.translating(sentence) }

// The reader's language for one request: a middleware reads the browser's `Accept-Language`
// and keeps the language in a task-local, so every page, message and error of that request
// is in it without each route passing it on; and what puts the pages' English words (`t`)
// into that language.
import HolderCore
import Hummingbird
import Localization

enum Reader {
  @TaskLocal static var language: Language = .english

  static var catalog: Catalog { Catalog.shared(language) }

  /// `message` in the reader's language.
  static func text(_ message: Message) -> String { catalog.text(message) }

  /// Library text (an error, a history sentence) in the reader's language.
  static func said(_ sentence: String) -> String { catalog.translating(sentence) }

  /// A decision a sync settled, as a merge commit's message states it, in the reader's
  /// language: its times written as the page writes them, its links readable (older merges
  /// wrote them percent-encoded).
  static func decision(_ summary: String) -> String {
    Resolution.shown(summary: summary, said: said) { $0.momentText(in: language) }
  }

  /// `count` things, `one` or `other` in English; one form in Korean and Japanese.
  static func text(count: Int, one: Message, other: Message) -> String {
    text(count == 1 ? one : other)
  }

  /// A stored instant shown to people, to the minute in UTC, as the CLI writes dates for the
  /// reader (`2026년 11월 23일 09:14 UTC`).
  static func time(_ time: Timestamp) -> String {
    time.minuteText(offsetMinutes: 0, in: language) + " UTC"
  }

  /// A history entry's time on its own clock, as `log` shows it.
  static func time(_ time: Timestamp, offsetMinutes: Int) -> String {
    time.minuteText(offsetMinutes: offsetMinutes, in: language)
  }

  /// A catalog's `format` with `values` (markup) for its `%@` and `%1$@`: its own words
  /// escaped for HTML, `%%` a `%`.
  static func filled(_ format: String, with values: [String]) -> String {
    var out = ""
    var next = 0
    var rest = Substring(format)
    while let percent = rest.firstIndex(of: "%") {
      out += HTML.escaped(rest[..<percent])
      rest = rest[rest.index(after: percent)...]
      if rest.first == "%" {
        out += "%"
        rest = rest.dropFirst()
      } else if rest.first == "@" {
        out += next < values.count ? values[next] : ""
        next += 1
        rest = rest.dropFirst()
      } else if let dollar = rest.firstIndex(of: "$"), let place = Int(rest[..<dollar]),
        rest[rest.index(after: dollar)...].first == "@"
      {
        out += place >= 1 && place <= values.count ? values[place - 1] : ""
        rest = rest[rest.index(dollar, offsetBy: 2)...]
      } else {
        out += "%"
      }
    }
    return out + HTML.escaped(rest)
  }
}

/// Sets the reader's language for the rest of the request, and tells caches that the page
/// depends on it.
struct ReaderLanguage<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let language = Language(acceptLanguage: request.headers[.acceptLanguage] ?? "")
    var response = try await Reader.$language.withValue(language) {
      try await next(request, context)
    }
    response.headers[.vary] = "Accept-Language"
    response.headers[.contentLanguage] = language.rawValue
    return response
  }
}

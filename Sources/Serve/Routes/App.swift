// What every route shares: the library (the store), the pages, the secret, the live feed, the
// thumbnails, the page lookup a save fetches with, the login's sessions;
// and the parts every page needs (the secret, the search box, recent searches).
import HolderCore
import HolderKit
import Hummingbird
import Localization

struct App: Sendable {
  let library: Library
  let pages: Pages
  let settings: GuardSettings
  let feed: ChangeFeed
  let thumbnails: Thumbnails
  let pageLookup: PageLookup
  /// The logged-in browsers, when other machines reach the app.
  let sessions: Sessions
  /// The API's integer ids of bookmarks.
  let apiIDs = APIIDTable()

  /// The address the app answers at, for the bookmarklet.
  var origin: String { settings.origin }

  func addRoutes(to router: Router<AppRequestContext>) {
    addBrowseRoutes(to: router)
    addBookmarkRoutes(to: router)
    addEditRoutes(to: router)
    addEventRoutes(to: router)
    addTagRoutes(to: router)
    addSyncRoutes(to: router)
    addImportRoutes(to: router)
    addThumbnailRoutes(to: router)
    addLoginRoutes(to: router)
    addAPIRoutes(to: router)
    addAppShellRoutes(to: router)
    addShareRoutes(to: router)
    addHealthRoutes(to: router)
  }

  /// How many cards one page of the list shows.
  static let pageSize = 60

  /// The parts of every page: the secret for its forms, the search box, recent searches.
  func base(query: String = "", flash: String? = nil) async -> PageFrame {
    let recent = await library.recentSearches().prefix(8).map { text in
      PageFrame.Recent(text: text, href: "/?q=" + QueryText.encode(text))
    }
    return PageFrame(
      secret: settings.secret, query: query, recent: recent, flash: flash,
      logout: settings.needsLogin)
  }

  /// A page that says what went wrong and what to do.
  func message(_ heading: Message, _ text: String, status: HTTPResponse.Status) async
    -> Response
  {
    let page = await base().messagePage(heading: Reader.text(heading), text: text)
    return pages.html(page, status: status)
  }

  /// The answer for an error of the store.
  func failure(_ error: any Error) async -> Response {
    let text = App.describe(error)
    guard let error = error as? StoreError else {
      return await message(Message("Not saved"), text, status: .internalServerError)
    }
    switch error {
    case .lookup(.notFound), .lookup(.tagNotFound):
      return await message(Message("Not found"), text, status: .notFound)
    case .write(.lockTimeout), .bookmark(.alreadySaved), .bookmark(.urlInUse),
      .bookmark(.changedWhileEditing), .write(.uncommittedHandEdit):
      return await message(Message("Not saved"), text, status: .conflict)
    default:
      return await message(Message("Not saved"), text, status: .badRequest)
    }
  }

  /// An error in the reader's words (a StoreError says what to do).
  static func describe(_ error: any Error) -> String {
    Reader.said((error as? StoreError)?.errorDescription ?? "\(error)")
  }

  /// A redirect after a POST, so a reload never sends the form again.
  static func seeOther(_ location: String) -> Response {
    var response = Response(status: .seeOther)
    response.headers[.location] = location
    return response
  }

  /// The bookmark id in the path, when it is one.
  static func id(_ context: some RequestContext) -> BookmarkID? {
    context.parameters.get("id").flatMap(BookmarkID.init)
  }
}

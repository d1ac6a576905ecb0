// An address the app has no page for answers with a page of the app (in the reader's
// language, with the search box and a way back), not the browser's blank error.
import Hummingbird
import Localization

struct NotFoundPage: RouterMiddleware {
  typealias Context = AppRequestContext
  let app: App

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let error as HTTPError where error.status == .notFound {
      return await app.message(
        Message("Not found"),
        Reader.text(
          Message("There is no page at this address. The bookmarks are at the start page.")),
        status: .notFound)
    }
  }
}

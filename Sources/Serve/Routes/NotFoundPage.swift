// An address the app has no page for answers with a page of the app (in the reader's
// language, with the search box and a way back), not the browser's blank error; under `/api/`
// with linkding's JSON.
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
      // An API client reads JSON, whatever it asked for: bundles, assets, shared bookmarks.
      if request.uri.path.hasPrefix("/api/") || request.uri.path == "/api" {
        return APIAnswer.notFound
      }
      return await app.message(
        Message("Not found"),
        Reader.text(
          Message("There is no page at this address. The bookmarks are at the start page.")),
        status: .notFound)
    }
  }
}

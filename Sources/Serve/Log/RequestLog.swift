// The log's line for each request that matters: every write (any method but GET and HEAD,
// whatever its answer: a change made, refused or failed) and every read refused (401, 403,
// 421, 429) or failed (5xx). Outermost of the app's middleware, so it sees the guard's
// refusals too. Pages read and files served are not logged: they change nothing.
import HTTPTypes
import Hummingbird

struct RequestLog<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let start = ContinuousClock.now
    do {
      let response = try await next(request, context)
      log(request, response.status, since: start)
      return response
    } catch {
      log(request, (error as? any HTTPResponseError)?.status ?? .internalServerError, since: start)
      throw error
    }
  }

  private func log(
    _ request: Request, _ status: HTTPResponse.Status, since start: ContinuousClock.Instant
  ) {
    guard Self.matters(request.method, status) else { return }
    let elapsed = ContinuousClock.now - start
    let milliseconds =
      elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
    // The path alone: a query may carry a token (`?token=`) or a search.
    ServeLog.write(
      "\(request.method.rawValue) \(request.uri.path) \(status.code) (\(milliseconds) ms)")
  }

  /// Whether a request answered `status` gets a line.
  static func matters(_ method: HTTPRequest.Method, _ status: HTTPResponse.Status) -> Bool {
    if method != .get && method != .head { return true }
    return [401, 403, 421, 429].contains(status.code) || status.code >= 500
  }
}

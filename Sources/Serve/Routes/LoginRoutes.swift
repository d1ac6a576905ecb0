// `/login` and `/logout`, for an app that other machines reach: a token of `holder-git token`
// starts a session (the cookie holds its random id, never the token); a wrong or revoked one
// is logged and counted against the sender's address (`FailedAttempts`). On loopback there is
// nothing to log in to, and `/login` leads to the bookmarks.
import HolderKit
import Hummingbird
import Localization

extension App {
  func addLoginRoutes(to router: Router<AppRequestContext>) {
    router.get("/login") { request, _ in
      guard self.settings.needsLogin else { return App.seeOther("/") }
      let next = App.localPath(FormFields(query: request.uri.query ?? "")["next"])
      return self.pages.html(
        PageFrame(secret: self.settings.secret).loginPage(next: next, error: nil))
    }
    router.post("/login") { request, context in
      guard self.settings.needsLogin else { return App.seeOther("/") }
      var request = request
      let fields = try await FormFields.read(&request)
      let next = App.localPath(fields["next"])
      guard let token = self.settings.tokens.verify(fields["token"] ?? "") else {
        FailedAttempts.log(address: context.client, route: "POST /login")
        if let wait = self.settings.attempts.failed(from: context.client) {
          return ClientAddress.tooMany(wait, api: false)
        }
        let page = PageFrame(secret: self.settings.secret).loginPage(
          next: next,
          error: Reader.text(
            Message(
              "That token is wrong or was revoked. 'holder-git token list' shows the tokens; 'holder-git token add NAME' makes one."
            )))
        return self.pages.html(page, status: .unauthorized)
      }
      self.settings.attempts.succeeded(from: context.client)
      let id = self.sessions.start(name: token.name)
      var response = App.seeOther(next)
      response.headers[.setCookie] = Sessions.setCookie(id, secure: self.settings.secureCookies)
      return response
    }
    router.post("/logout") { request, _ in
      let id = RequestGuard.cookie(
        Sessions.cookie, in: request.headers[.cookie] ?? "")
      self.sessions.end(id)
      var response = App.seeOther(self.settings.needsLogin ? "/login" : "/")
      response.headers[.setCookie] = Sessions.clearCookie(secure: self.settings.secureCookies)
      return response
    }
  }

  /// `path` when it is a path of this app (`/…`, not `//host/…`), else `/`: a login never
  /// sends the browser to another site.
  static func localPath(_ path: String?) -> String {
    guard let path, path.hasPrefix("/"), !path.hasPrefix("//"), !path.hasPrefix("/\\"),
      !path.contains(where: { $0.isNewline })
    else { return "/" }
    return path
  }
}

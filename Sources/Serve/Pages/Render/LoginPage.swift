// The login page that an app reached from other machines shows first: one field for a token
// of `holder-git token add`, protected like every other form (the per-start secret).
import Localization

extension PageFrame {
  /// The form; `next` is the page to go back to, `error` why the last try was refused.
  func loginPage(next: String, error: String?) -> HTML {
    let command = "'holder-git token add NAME'"
    let main: HTML = """
      <section class="login" data-test="login">
        <h1>\(t("Log in"))</h1>
        <p>\(t("Give a token made on the machine that serves the store (\(command)); this browser stays logged in until it closes or the token is revoked."))</p>
        \(error.map { error in HTML("<p class=\"error\" role=\"alert\" data-test=\"login-error\">\(error)</p>") } ?? .empty)
        <form method="post" action="/login">
          <input type="hidden" name="_secret" value="\(secret)">
          <input type="hidden" name="next" value="\(next)">
          <p><label for="token">\(t("Token"))</label>
            <input id="token" name="token" type="password" autocomplete="current-password" required data-test="login-token"></p>
          <p><button type="submit" data-test="login-submit">\(t("Log in"))</button></p>
        </form>
      </section>

      """
    return """
      \(Self.head(title: "\(t("Log in")) · holder-git", secret: secret, script: false))
      <body data-page="login">
      <main id="main">
      \(main)
      </main>
      </body>
      </html>

      """
  }
}

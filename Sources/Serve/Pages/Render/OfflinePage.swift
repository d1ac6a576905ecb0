// The page the service worker keeps and shows when the server is out of reach. It stands
// alone (no search box, no secret): it is kept for as long as the app is installed, and a
// secret or a list in it would be stale.
import Localization

extension PageFrame {
  static func offlinePage() -> HTML {
    let heading = t("holder-git cannot reach its server")
    return """
      \(head(title: heading, secret: nil, script: false))
      <body data-page="offline">
      <main id="main">
      <section class="message" data-test="offline">
        <h1>\(heading)</h1>
        <p>\(t("Your bookmarks are not kept on this device: they show again once 'holder-git serve' answers. Check that it runs and that this device is on its network."))</p>
        <p><a href="/">\(t("Try again"))</a></p>
      </section>
      </main>
      </body>
      </html>

      """
  }
}

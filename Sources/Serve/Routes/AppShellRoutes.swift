// The installable app's shell: the manifest, the service worker, the icons and favicon, and
// the page the service worker shows when the server cannot be reached.
import HTTPTypes
import Hummingbird

extension App {
  func addAppShellRoutes(to router: Router<BasicRequestContext>) {
    for (path, asset) in pages.shell {
      router.get(RouterPath(path)) { _, _ in
        var response = App.asset(asset.bytes, type: asset.type)
        if path == "/sw.js" {
          // Served from the top already, so its scope may be the whole app; said outright
          // so a proxy that serves the app under a prefix keeps it working.
          response.headers[HTTPField.Name.known("Service-Worker-Allowed")] = "/"
        }
        return response
      }
    }
    router.get("/offline") { _, _ in
      self.pages.html(PageFrame.offlinePage())
    }
  }
}

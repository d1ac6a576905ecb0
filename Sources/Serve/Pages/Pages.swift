// The templates (Pages/Templates, mustache, which escapes every `{{value}}` for HTML) and the
// two static files, loaded once at start from the target's resources.
import Foundation
import Hummingbird
import Localization
import Mustache

struct Pages: Sendable {
  let templates: MustacheLibrary
  let styles: ByteBuffer
  let script: ByteBuffer

  static func load() async throws -> Pages {
    guard let base = Bundle.module.resourceURL else { throw ServeFailure.missingResources }
    let templates = try await MustacheLibrary(
      directory: base.appendingPathComponent("Templates").path)
    func file(_ name: String) throws -> ByteBuffer {
      ByteBuffer(bytes: try Data(contentsOf: base.appendingPathComponent("Static/" + name)))
    }
    return Pages(templates: templates, styles: try file("app.css"), script: try file("app.js"))
  }

  /// The page `template` made from `context`, as an HTML answer in the reader's language.
  func html(_ template: String, _ context: [String: Any], status: HTTPResponse.Status = .ok)
    -> Response
  {
    var context = context
    context["t"] = Reader.translator()
    context["lang"] = Reader.language.rawValue
    context["searchHint"] = Reader.text(
      Message("Search: words, \"phrase\", -word, tag:x, site:x, ㅅㅇㅌ"))
    context["importCommand"] = "holder-git import FILE"
    let text = templates.render(context, withTemplate: template) ?? ""
    return Response(
      status: status, headers: [.contentType: "text/html; charset=utf-8"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }
}

/// Why the app could not start.
enum ServeFailure: Error, CustomStringConvertible {
  case missingResources

  var description: String {
    switch self {
    case .missingResources:
      return tr(
        "the app's pages (holder-git_Serve.resources) are not beside the program; build it with 'swift build' and run it from .build, or install that folder beside holder-git"
      )
    }
  }
}

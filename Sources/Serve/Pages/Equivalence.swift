// TEMPORARY: renders each page through the old mustache templates too and writes both to
// $SERVE_PAGES_COMPARE when they differ (removed with the templates).
import Foundation
import Localization
import Mustache

enum Equivalence {
  static let directory = ProcessInfo.processInfo.environment["SERVE_PAGES_COMPARE"]
  static let templates: MustacheLibrary? = {
    guard directory != nil, let base = Bundle.module.resourceURL else { return nil }
    return try? MustacheLibrary(templates: load(base.appendingPathComponent("Templates")))
  }()
  static let counter = NSLock()
  nonisolated(unsafe) static var count = 0

  static func load(_ url: URL) -> [String: MustacheTemplate] {
    var out: [String: MustacheTemplate] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] {
      let text = try! String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
      out[String(name.dropLast(".mustache".count))] = try! MustacheTemplate(string: text)
    }
    return out
  }

  static func check(_ template: String, _ context: [String: Any], _ new: HTML) {
    guard let directory, let templates else { return }
    var context = context
    context["t"] = Reader.translator()
    context["lang"] = Reader.language.rawValue
    context["searchHint"] = Reader.text(
      Message("Search: words, \"phrase\", -word, tag:x, site:x, ㅅㅇㅌ"))
    context["importCommand"] = "holder-git import FILE"
    let old = templates.render(context, withTemplate: template) ?? "(no render)"
    let number = counter.withLock {
      count += 1
      return count
    }
    let stem = "\(directory)/\(getpid())-\(number)-\(template)-\(Reader.language.rawValue)"
    if old == new.markup {
      FileManager.default.createFile(atPath: stem + ".same", contents: Data())
    } else {
      try? old.write(toFile: stem + ".old.html", atomically: false, encoding: .utf8)
      try? new.markup.write(toFile: stem + ".new.html", atomically: false, encoding: .utf8)
    }
  }
}

extension Reader {
  /// What `{{#t}}…{{/t}}` was.
  static func translator() -> MustacheLambda {
    let catalog = catalog
    return MustacheLambda { (section: String) -> Any? in
      Reader.translatedSection(section, catalog)
    }
  }

  static func translatedSection(_ section: String, _ catalog: Catalog) -> String {
    guard catalog.language != .english else { return section }
    let (key, tags) = templateKey(section)
    guard let format = catalog.entries[key] else { return section }
    return filled(format, with: tags)
  }

  static func templateKey(_ section: String) -> (key: String, tags: [String]) {
    var key = ""
    var tags: [String] = []
    var rest = Substring(section)
    while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
      key += rest[..<open.lowerBound].replacingOccurrences(of: "%", with: "%%")
      key += "%@"
      tags.append(String(rest[open.lowerBound..<close.upperBound]))
      rest = rest[close.upperBound...]
    }
    return (key + rest.replacingOccurrences(of: "%", with: "%%"), tags)
  }
}

extension PageFrame {
  var context: [String: Any] {
    var context: [String: Any] = [
      "secret": secret, "query": query,
      "recent": recent.map { ["text": $0.text, "href": $0.href] as [String: Any] },
    ]
    if let flash { context["flash"] = flash }
    if let filterTag { context["filterTag"] = filterTag }
    context["filterFavorites"] = filterFavorites
    return context
  }
}

extension ListView {
  var context: [String: Any] {
    var context: [String: Any] = [
      "generation": generation, "heading": heading, "summary": summary, "cards": cards,
    ]
    if let problem { context["problem"] = problem }
    if let next { context["next"] = next }
    if let previous { context["previous"] = previous }
    return context
  }
}

extension BrowseView {
  var context: [String: Any] {
    var context = list.context
    context["count"] = count
    context["tagTree"] = tagTree.map {
      [
        "tag": $0.tag, "name": $0.name, "depth": $0.depth, "total": $0.total, "href": $0.href,
        "current": $0.current,
      ] as [String: Any]
    }
    context["isAll"] = isAll
    context["isFavorites"] = isFavorites
    context["bookmarklet"] = bookmarklet
    return context
  }
}

extension BookmarkPageView {
  var context: [String: Any] {
    var context: [String: Any] = [
      "id": id, "title": title, "url": url, "readableURL": readableURL, "openable": openable,
      "favorite": favorite, "tags": tags, "note": note, "created": created, "changed": changed,
      "path": path, "generation": generation,
    ]
    if let thumb { context["thumb"] = thumb }
    if let metadata {
      var fields: [String: Any] = [:]
      fields["title"] = metadata.title
      fields["description"] = metadata.description
      fields["image"] = metadata.image
      fields["icon"] = metadata.icon
      fields["fetched"] = metadata.fetched
      context["metadata"] = fields
    }
    context["history"] = history.map {
      [
        "time": $0.time, "device": $0.device, "sentence": $0.sentence, "fields": $0.fields,
        "hasFields": !$0.fields.isEmpty, "commit": $0.commit, "restorable": $0.restorable,
      ] as [String: Any]
    }
    return context
  }
}

extension FormView {
  var context: [String: Any] {
    var context: [String: Any] = [
      "url": url, "title": title, "tags": tags, "note": note, "favorite": favorite,
      "heading": heading, "action": action, "button": button, "cancel": cancel,
      "knownTags": knownTags,
    ]
    if let version { context["version"] = version }
    if let error { context["error"] = error }
    if let saved {
      context["saved"] = ["id": saved.id, "title": saved.title, "created": saved.created]
    }
    context["near"] = near.map {
      ["id": $0.id, "title": $0.title, "url": $0.url, "differences": $0.differences]
    }
    context["hasNear"] = !near.isEmpty
    return context
  }
}

extension SyncView {
  var context: [String: Any] {
    var context: [String: Any] = [:]
    context["error"] = error
    if let status {
      context["remote"] = status.remote
      context["remoteURL"] = status.remoteURL
      context["lastSync"] = status.lastSync
      context["ahead"] = status.ahead
      context["behind"] = status.behind
      context["handEdits"] = status.handEdits
    }
    if let report {
      context["report"] =
        [
          "kind": report.kind, "incoming": report.incoming, "sent": report.sent,
          "resolutions": report.resolutions, "hasResolutions": !report.resolutions.isEmpty,
        ] as [String: Any]
    }
    context["conflicts"] = conflicts.map { conflict -> [String: Any] in
      var context: [String: Any] = ["time": conflict.time, "text": conflict.text]
      if let device = conflict.device { context["device"] = device }
      let rows = conflict.rows.map { ["field": $0.field, "kept": $0.kept, "lost": $0.lost] }
      context["rows"] = rows
      context["hasRows"] = !rows.isEmpty
      if let restore = conflict.restore {
        context["restore"] = [
          "bookmark": restore.bookmark, "revision": restore.revision, "field": restore.field,
        ]
      }
      if let keptID = conflict.keptID { context["keptID"] = keptID }
      return context
    }
    context["hasConflicts"] = !conflicts.isEmpty
    return context
  }
}

extension [String: Any] {
  func adding(_ other: [String: Any]) -> [String: Any] { merging(other) { _, new in new } }
}

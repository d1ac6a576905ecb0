import Foundation
import HolderTestSupport

// The pages the harness tests drive: a form, a keyboard-driven list, a styled page with dark
// and narrow layouts, a page that shows a hostile title (and its unsafe twin, which proves a
// script that runs would be seen), and a page that asks for outside addresses. Served on
// 127.0.0.1 by the test support's TestHTTPServer.

enum HarnessSite {
  /// The script a hostile title carries: it would set `window.__pwned` if it ever ran.
  static let hostileTitle =
    #"<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">"#

  static func start() throws -> TestHTTPServer {
    try TestHTTPServer { request in
      let parts = request.target.split(separator: "?", maxSplits: 1).map(String.init)
      let query = parts.count > 1 ? parameters(parts[1]) : [:]
      guard let body = page(parts[0], query) else {
        return .send(status: 404, headers: ["Content-Type": "text/plain"], body: [])
      }
      return .send(
        status: 200, headers: ["Content-Type": "text/html; charset=utf-8"],
        body: Array(body.utf8))
    }
  }

  private static func page(_ path: String, _ query: [String: String]) -> String? {
    switch path {
    case "/form": return form
    case "/result":
      return document(
        "Saved",
        "<p id=result>Saved \(escape(query["title"] ?? "")) under \(escape(query["tag"] ?? ""))</p>"
      )
    case "/keys": return keys
    case "/styled": return styled
    case "/hostile": return hostile(escaped: true)
    case "/unsafe": return hostile(escaped: false)
    case "/opener": return opener
    case "/long": return document("Long", (1...60).map { "<p>Line \($0)</p>" }.joined())
    case "/outside": return outside
    case "/outside-name":
      return document("Outside", #"<img id=named src="http://example.com/x.png">"#)
    default: return nil
    }
  }

  private static func document(_ title: String, _ body: String, head: String = "") -> String {
    """
    <!doctype html><html lang=en><head><meta charset=utf-8>
    <meta name=viewport content="width=device-width, initial-scale=1">
    <title>\(escape(title))</title>\(head)</head><body>\(body)</body></html>
    """
  }

  private static let form = document(
    "Add",
    """
    <form action=/result method=get>
    <label>Title <input id=title name=title required></label>
    <label>Tag <input id=tag name=tag></label>
    <button id=save type=submit>Save</button>
    </form>
    """)

  // Tab into the box, type, Enter adds an item; arrows move the selection.
  private static let keys = document(
    "Keys",
    """
    <a id=first href=#>first</a>
    <input id=entry aria-label="New item" aria-controls=items>
    <ul id=items role=listbox></ul>
    <p id=selected></p>
    <script>
    const entry = document.getElementById('entry'), items = document.getElementById('items');
    let selected = -1;
    function show() {
      [...items.children].forEach((li, i) => li.setAttribute('aria-selected', i === selected));
      document.getElementById('selected').textContent =
        selected < 0 ? '' : items.children[selected].textContent;
    }
    entry.addEventListener('keydown', event => {
      if (event.key === 'Enter' && entry.value) {
        const li = document.createElement('li');
        li.setAttribute('role', 'option');
        li.textContent = entry.value;
        items.append(li);
        console.info('added ' + entry.value);
        entry.value = '';
      } else if (event.key === 'ArrowDown') {
        selected = Math.min(selected + 1, items.children.length - 1); show();
      } else if (event.key === 'ArrowUp') {
        selected = Math.max(selected - 1, 0); show();
      } else return;
      event.preventDefault();
    });
    </script>
    """)

  private static let styled = document(
    "Styled",
    """
    <header><h1>Bookmarks</h1><nav>tags · favourites · sync</nav></header>
    <main><article class=card><h2>A card</h2><p>example.org</p></article>
    <article class=card><h2>Another card</h2><p>example.net</p></article></main>
    """,
    head: """
      <style>
      body { margin: 0; font: 16px sans-serif; background: #ffffff; color: #111111; }
      header { display: flex; justify-content: space-between; padding: 16px; background: #dde; }
      main { display: grid; grid-template-columns: repeat(3, 1fr); gap: 16px; padding: 16px; }
      .card { border: 1px solid #999; padding: 8px; }
      @media (max-width: 600px) { main { grid-template-columns: 1fr; } nav { display: none; } }
      @media (prefers-color-scheme: dark) {
        body { background: #111111; color: #eeeeee; } header { background: #224; }
      }
      </style>
      """)

  // The title arrives escaped in the HTML, and the page's script copies it around as text,
  // as the app's pages do.
  private static func hostile(escaped: Bool) -> String {
    let shown = escaped ? escape(hostileTitle) : hostileTitle
    return """
      <!doctype html><html lang=en><head><meta charset=utf-8><title>\(shown)</title></head>
      <body><h1 id=name>\(shown)</h1><p id=copy></p>
      <script>
      const name = document.getElementById('name').textContent;
      document.title = name;
      document.getElementById('copy').textContent = name;
      </script></body></html>
      """
  }

  // A bookmarklet's way in: a window opened with this page's address and title, and a
  // confirm() before a change.
  private static let opener = document(
    "Opener",
    """
    <button id=open>Save this page</button>
    <button id=remove>Delete</button>
    <p id=answer></p>
    <script>
    document.getElementById('open').addEventListener('click', () => {
      const query = 'title=' + encodeURIComponent(document.title) + '&tag=from-opener';
      window.open('/result?' + query, 'add', 'width=500,height=600');
    });
    document.getElementById('remove').addEventListener('click', () => {
      document.getElementById('answer').textContent = confirm('Delete it?') ? 'deleted' : 'kept';
    });
    </script>
    """)

  private static let outside = document(
    "Outside",
    """
    <img id=named src="http://example.com/x.png" alt=named>
    <img id=literal src="http://192.0.2.1/x.png" alt=literal>
    """)

  static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }

  private static func parameters(_ query: String) -> [String: String] {
    var result: [String: String] = [:]
    for pair in query.split(separator: "&") {
      let halves = pair.split(separator: "=", maxSplits: 1).map(String.init)
      let decode = { (text: String) in
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? text
      }
      result[decode(halves[0])] = halves.count > 1 ? decode(halves[1]) : ""
    }
    return result
  }
}

// The bookmarklet: it opens this app's add form for the page it is clicked
// on, in a new window without an opener, so the site's code never reaches the app; it holds no
// secret (the form is a GET; the save is the form's POST, which carries the page's secret).

enum Bookmarklet {
  /// The `javascript:` link a person drags to the bookmarks bar.
  static func link(origin: String) -> String {
    "javascript:(function(){window.open('\(origin)add?url='+encodeURIComponent(location.href)"
      + "+'&title='+encodeURIComponent(document.title),'_blank','noopener,width=680,height=760');})();"
  }
}

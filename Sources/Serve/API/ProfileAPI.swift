// `/api/user/profile/`: the preferences linkding's clients read before they show bookmarks.
// holder-git has none of these settings; the answer is what it does (no sharing, no web
// archive snapshots, newest first) and the linkding version whose API it speaks.
import HolderCore
import Hummingbird

extension App {
  /// The linkding release whose API this one follows: clients compare it to know what they
  /// may ask for.
  static let linkdingVersion = "1.46.2"

  func addProfileAPIRoutes(to router: Router<AppRequestContext>) {
    router.get("/api/user/profile") { _, _ in
      func text(_ value: String) -> CanonicalWriter.Node { .value(.string(value)) }
      func flag(_ value: Bool) -> CanonicalWriter.Node { .value(.bool(value)) }
      return APIAnswer.json(
        .object(
          known: [
            ("theme", text("auto")), ("bookmark_date_display", text("relative")),
            ("bookmark_link_target", text("_blank")), ("web_archive_integration", text("disabled")),
            ("tag_search", text("lax")), ("enable_sharing", flag(false)),
            ("enable_public_sharing", flag(false)), ("enable_favicons", flag(false)),
            ("display_url", flag(false)), ("permanent_notes", flag(false)),
            (
              "search_preferences",
              .object(
                known: [
                  ("sort", text("added_desc")), ("shared", text("off")), ("unread", text("off")),
                ],
                extra: [:])
            ),
            ("version", text(App.linkdingVersion)),
          ], extra: [:]))
    }
    refuseOtherMethods(at: "/api/user/profile", than: [.get], on: router)
  }
}

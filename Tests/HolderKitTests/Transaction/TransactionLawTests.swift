import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

/// Every write goes through one transaction, which brings the tag views from the tags a
/// change's files had to the tags it writes: so after any sequence of writes, hand edits,
/// files moved by hand and put back, and reads between them, `tags/` holds exactly the links
/// HEAD's bookmarks call for.
///
/// The fixture checks the store's invariants after every write (`StoreInvariants`: the
/// views as `check` sees them, git's index, fsck); these sequences combine the paths a
/// command's own bookkeeping of views once missed: a read that made views of a moved file,
/// an edit that moves a file to another link, an undo of a tag rename.
@Suite struct TransactionLawTests {
  private struct Run {
    let fixture: StoreFixture
    var random: SplitMix
    var store: Store { fixture.store }

    /// One random step; what it may refuse (a name no longer saved, nothing to undo) is
    /// refused with the store as it was, which the invariants check all the same.
    mutating func step() throws {
      let urls = store.list().bookmarks.map(\.bookmark.url).sorted()
      let url = urls.isEmpty ? nil : urls[Int(random.next() % UInt64(urls.count))]
      let tags = ["a", "a/b", "c", "Dev/Swift", "여행"]
      let tag = tags[Int(random.next() % UInt64(tags.count))]
      switch random.next() % 12 {
      case 0, 1:
        let host = "h\(random.next() % 4).example"
        _ = try? store.add(
          AddRequest(url: "https://\(host)/p\(random.next() % 9)", tags: [tag, "c"]))
      case 2:
        guard let url else { return }
        _ = try? store.edit(url, BookmarkEdit(addTags: [tag], removeTags: ["c"]))
      case 3:
        guard let url else { return }
        // A new link moves the file to another folder, with its views.
        _ = try? store.edit(url, BookmarkEdit(url: url + "x"))
      case 4:
        guard let url else { return }
        _ = try? store.remove(url)
      case 5:
        _ = try? store.renameTag(tag, to: tag == "a" ? "z/a" : "a")
      case 6:
        _ = try? store.undo()
      case 7:
        _ = try? store.redo()
      case 8:
        guard let url else { return }
        _ = try? store.setFavorite([url], to: random.next() % 2 == 0)
      case 9:
        try handEditTags(of: url, adding: tag)
      case 10:
        try moveByHand(url, readingBetween: random.next() % 2 == 0)
      default:
        _ = try? store.deleteTag(tag)
      }
    }

    /// A person adds a tag in the bookmark's file with an editor; `commit` takes it in.
    func handEditTags(of url: String?, adding tag: String) throws {
      guard let url, let located = try? store.resolve(url) else { return }
      let text = try fixture.read(located.path)
      let edited =
        text.contains("\"tags\": []")
        ? text.replacingOccurrences(of: "\"tags\": []", with: "\"tags\": [\"\(tag)\"]")
        : text.replacingOccurrences(of: "\"tags\": [", with: "\"tags\": [\n    \"\(tag)\",")
      guard edited != text else { return }
      try fixture.write(edited, to: located.path)
      _ = try? store.commitHandEdits()
    }

    /// A person moves the bookmark's file into a folder beside it; with `readingBetween`, a
    /// read makes the views of the moved file before `commit` puts it back.
    func moveByHand(_ url: String?, readingBetween: Bool) throws {
      guard let url, let located = try? store.resolve(url) else { return }
      let from = URL(fileURLWithPath: fixture.root + "/" + located.path)
      let folder = from.deletingLastPathComponent().appendingPathComponent("sub")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try FileManager.default.moveItem(
        at: from, to: folder.appendingPathComponent(from.lastPathComponent))
      if readingBetween {
        // As after a plain `git pull`: the views are stale, so the read makes them again,
        // the moved file's among them (its link has the name of the one it replaces).
        try? FileManager.default.removeItem(atPath: fixture.root + "/.holder/local/tag-views-head")
        _ = store.list()
      }
      _ = try? store.commitHandEdits()
    }
  }

  @Test(arguments: 1...12)
  func tagViewsFollowEveryWriteInAnyOrder(seed: UInt64) throws {
    let fixture = try StoreFixture()
    var run = Run(fixture: fixture, random: SplitMix(state: seed))
    for _ in 0..<40 { try run.step() }
    // However the sequence went, the person sees every bookmark in the folders of its tags.
    for located in fixture.store.list().bookmarks {
      for tag in located.bookmark.tags {
        let link =
          fixture.root + "/tags/" + tag + "/"
          + BookmarkPath.tagLinkName(forBookmarkPath: located.path)
        let target = try FileManager.default.destinationOfSymbolicLink(atPath: link)
        #expect(target.hasSuffix("/" + located.path), "seed \(seed): \(link) → \(target)")
      }
    }
    let status = try fixture.status()
    #expect(status == "", "seed \(seed): \(status)")
  }
}

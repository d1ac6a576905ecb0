import Foundation
import HolderCore
import HolderCoreTestSupport
import PropertyBased
import Testing

/// Random stores and random offline edits of them, for the merge laws.
enum MergeScenario {
  static let start = Timestamp(millisecondsSince1970: 1_763_716_443_000)

  static func settings() -> StoreSettings {
    StoreSettings(lastModified: start)
  }

  /// A base of `count` bookmarks with distinct URLs.
  static func base(_ rng: inout RandomSource, count: Int) -> [Bookmark] {
    (0..<count).map { n in
      var bookmark = RandomValues.bookmark(&rng)
      bookmark.url = "https://example.org/\(n)"
      bookmark.lastModified = start
      bookmark.created = start
      return bookmark
    }
  }

  /// One side's offline edits: each bookmark is left, edited, or deleted; some are added.
  static func edit(_ base: [Bookmark], _ rng: inout RandomSource, device: Int)
    -> MergeSide
  {
    var result: [Bookmark] = []
    var deletions: [BookmarkID: Timestamp] = [:]
    var deletedVersions: [BookmarkID: Bookmark] = [:]
    for var bookmark in base {
      let time = Timestamp(
        millisecondsSince1970: start.millisecondsSince1970 + Int64.random(in: 1...50, using: &rng))
      switch Int.random(in: 0..<6, using: &rng) {
      case 0:
        deletions[bookmark.id] = time
        if Bool.random(using: &rng) {
          // Changed before it was deleted.
          bookmark.note = "typed before deleting on \(device)"
          bookmark.lastModified = start
          deletedVersions[bookmark.id] = bookmark
        }
        continue
      case 1:
        bookmark.title = "title from \(device)"
      case 2:
        bookmark.tags = bookmark.tags.dropLast() + ["added/\(device)"]
      case 3:
        bookmark.note = "note from \(device)"
        bookmark.favorite.toggle()
      case 4:
        bookmark.url = "https://example.org/moved/\(Int.random(in: 0..<3, using: &rng))"
      default:
        result.append(bookmark)
        continue
      }
      bookmark.lastModified = time
      result.append(bookmark)
    }
    for _ in 0..<Int.random(in: 0..<3, using: &rng) {
      var added = RandomValues.bookmark(&rng)
      added.url = "https://example.org/new/\(Int.random(in: 0..<3, using: &rng))"
      result.append(added)
    }
    // A store holds one file per URL: a side never has two bookmarks with one URL.
    var urls: Set<String> = []
    let unique = result.filter { urls.insert($0.url).inserted }
    return MergeSide(
      bookmarks: unique, settings: settings(), deletionTimes: deletions,
      deletedVersions: deletedVersions)
  }
}

@Suite struct StoreMergeTests {
  @Test func theMergeIsCommutative() {
    var rng: RandomSource = Xoshiro(seed: (11, 12, 13, 14))
    for _ in 0..<150 {
      let base = MergeScenario.base(&rng, count: Int.random(in: 0..<8, using: &rng))
      let ours = MergeScenario.edit(base, &rng, device: 1)
      let theirs = MergeScenario.edit(base, &rng, device: 2)
      let baseSide = MergeSide(bookmarks: base, settings: MergeScenario.settings())
      let one = StoreMerge.merge(base: baseSide, ours: ours, theirs: theirs)
      let other = StoreMerge.merge(base: baseSide, ours: theirs, theirs: ours)
      #expect(one == other)
      #expect(Set(one.bookmarks.map(\.url)).count == one.bookmarks.count, "one file per URL")
    }
  }

  @Test func mergingWithAnUnchangedSideGivesTheOtherSide() {
    var rng: RandomSource = Xoshiro(seed: (21, 22, 23, 24))
    for _ in 0..<150 {
      let base = MergeScenario.base(&rng, count: Int.random(in: 0..<8, using: &rng))
      let baseSide = MergeSide(bookmarks: base, settings: MergeScenario.settings())
      let theirs = MergeScenario.edit(base, &rng, device: 2)
      let outcome = StoreMerge.merge(base: baseSide, ours: baseSide, theirs: theirs)
      let expected = StoreMerge.merge(
        base: MergeSide(bookmarks: [], settings: MergeScenario.settings()),
        ours: MergeSide(bookmarks: [], settings: MergeScenario.settings()), theirs: theirs)
      #expect(outcome.bookmarks == expected.bookmarks)
      #expect(outcome.resolutions.count == 0)
    }
  }

  @Test func noValueDisappearsWithoutAResolutionNamingIt() {
    var rng: RandomSource = Xoshiro(seed: (31, 32, 33, 34))
    for _ in 0..<150 {
      let base = MergeScenario.base(&rng, count: 6)
      let ours = MergeScenario.edit(base, &rng, device: 1)
      let theirs = MergeScenario.edit(base, &rng, device: 2)
      let outcome = StoreMerge.merge(
        base: MergeSide(bookmarks: base, settings: MergeScenario.settings()), ours: ours,
        theirs: theirs)
      let merged = Dictionary(
        outcome.bookmarks.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
      let mentioned = Set(outcome.resolutions.flatMap(\.ids))
      for side in [ours, theirs] {
        for bookmark in side.bookmarks where !mentioned.contains(bookmark.id) {
          guard let original = base.first(where: { $0.id == bookmark.id }), original != bookmark
          else { continue }
          // A side's own change, with no resolution about it, is in the result.
          let result = merged[bookmark.id]
          #expect(result != nil, "a change to \(bookmark.id) vanished")
          if let result, bookmark.title != original.title {
            #expect(result.title == bookmark.title)
          }
          if let result, bookmark.note != original.note { #expect(result.note == bookmark.note) }
        }
      }
    }
  }

  @Test func theSameLinkSavedTwiceBecomesOneKeepingTheEarlierSave() throws {
    let first = Bookmark(
      id: BookmarkID(uuid: UUID()), url: "https://example.org/", title: "Early", tags: ["a"],
      created: MergeScenario.start, lastModified: MergeScenario.start)
    var second = Bookmark(
      id: BookmarkID(uuid: UUID()), url: "https://example.org/", title: "Late", note: "n",
      tags: ["b"],
      created: Timestamp(millisecondsSince1970: MergeScenario.start.millisecondsSince1970 + 5),
      lastModified: Timestamp(millisecondsSince1970: MergeScenario.start.millisecondsSince1970 + 5))
    second.favorite = true
    let empty = MergeSide(bookmarks: [], settings: MergeScenario.settings())
    let outcome = StoreMerge.merge(
      base: empty, ours: MergeSide(bookmarks: [first], settings: MergeScenario.settings()),
      theirs: MergeSide(bookmarks: [second], settings: MergeScenario.settings()))
    let merged = try #require(outcome.bookmarks.first)
    #expect(outcome.bookmarks.count == 1)
    #expect(merged.id == first.id)
    #expect(merged.created == first.created)
    #expect(merged.tags == ["a", "b"])
    #expect(merged.title == "Late")
    #expect(merged.note == "n")
    #expect(
      outcome.resolutions.contains(.sameURL(kept: first.id, merged: second.id, url: first.url)))
  }

  @Test func deleteAgainstChangeGoesToTheLaterOfTheTwo() {
    let base = Bookmark(
      id: BookmarkID(uuid: UUID()), url: "https://example.org/", title: "T",
      created: MergeScenario.start, lastModified: MergeScenario.start)
    var changed = base
    changed.title = "Changed"
    changed.lastModified = Timestamp(
      millisecondsSince1970: MergeScenario.start.millisecondsSince1970 + 10)
    let baseSide = MergeSide(bookmarks: [base], settings: MergeScenario.settings())
    let changing = MergeSide(bookmarks: [changed], settings: MergeScenario.settings())
    for (offset, survives) in [(5, true), (20, false)] {
      let deleting = MergeSide(
        bookmarks: [], settings: MergeScenario.settings(),
        deletionTimes: [
          base.id: Timestamp(
            millisecondsSince1970: MergeScenario.start.millisecondsSince1970 + Int64(offset))
        ])
      let outcome = StoreMerge.merge(base: baseSide, ours: deleting, theirs: changing)
      #expect(outcome.bookmarks == (survives ? [changed] : []), "deleted at +\(offset) ms")
      #expect(outcome.resolutions.count == 1)
    }
  }

  /// A change that outlives a deletion joins what the deleting side changed before it
  /// deleted, field by field: the bookmark lives, and neither side's typing is lost.
  @Test func aChangeThatOutlivesADeletionKeepsWhatTheDeletingSideTypedFirst() {
    func at(_ offset: Int64) -> Timestamp {
      Timestamp(millisecondsSince1970: MergeScenario.start.millisecondsSince1970 + offset)
    }
    let base = Bookmark(
      id: BookmarkID(uuid: UUID()), url: "https://example.org/", title: "T", tags: ["a"],
      created: MergeScenario.start, lastModified: MergeScenario.start)
    var starred = base
    starred.favorite = true
    starred.title = "Starred there"
    starred.lastModified = at(30)
    var tagged = base
    tagged.tags = ["a", "b"]
    tagged.title = "Tagged here"
    tagged.lastModified = at(20)
    let baseSide = MergeSide(bookmarks: [base], settings: MergeScenario.settings())
    let changing = MergeSide(bookmarks: [tagged], settings: MergeScenario.settings())
    for (deletedAt, survives) in [(Int64(10), true), (40, false)] {
      let deleting = MergeSide(
        bookmarks: [], settings: MergeScenario.settings(), deletionTimes: [base.id: at(deletedAt)],
        deletedVersions: [base.id: starred])
      for outcome in [
        StoreMerge.merge(base: baseSide, ours: deleting, theirs: changing),
        StoreMerge.merge(base: baseSide, ours: changing, theirs: deleting),
      ] {
        guard survives else {
          #expect(outcome.bookmarks.isEmpty)
          continue
        }
        let kept = outcome.bookmarks.first
        #expect(kept?.favorite == true && kept?.tags == ["a", "b"], "\(outcome.bookmarks)")
        #expect(kept?.title == "Starred there", "the later title of the two")
        #expect(outcome.resolutions.contains { $0.message.english.contains("kept a change") })
        #expect(outcome.resolutions.contains { $0.message.english.contains("Tagged here") })
      }
    }
  }

  @Test func aTagAddedOfflineFollowsARenameMadeElsewhere() {
    let base = Bookmark(
      id: BookmarkID(uuid: UUID()), url: "https://example.org/", title: "T", tags: ["ios"],
      created: MergeScenario.start, lastModified: MergeScenario.start)
    var renamedSide = base
    renamedSide.tags = ["apple/ios"]
    var renamedSettings = MergeScenario.settings()
    renamedSettings.tagRenames = [
      StoreSettings.TagRename(from: "ios", to: "apple/ios", at: MergeScenario.start)
    ]
    var tagged = base
    tagged.tags = ["ios", "ios/swiftui", "later"]
    tagged.lastModified = Timestamp(
      millisecondsSince1970: MergeScenario.start.millisecondsSince1970 + 1)
    let outcome = StoreMerge.merge(
      base: MergeSide(bookmarks: [base], settings: MergeScenario.settings()),
      ours: MergeSide(bookmarks: [renamedSide], settings: renamedSettings),
      theirs: MergeSide(bookmarks: [tagged], settings: MergeScenario.settings()))
    #expect(outcome.bookmarks.first?.tags == ["apple/ios", "apple/ios/swiftui", "later"])
    #expect(outcome.settings.tagRenames.count == 1)
  }

  /// A tag typed after a rename on the machine that made it is not renamed again by
  /// a merge with a machine that did not know the rename, nor by any later merge.
  @Test func aTagTypedAfterARenameKeepsItsName() {
    let start = MergeScenario.start
    func at(_ offset: Int64) -> Timestamp {
      Timestamp(millisecondsSince1970: start.millisecondsSince1970 + offset)
    }
    let old = Bookmark(
      id: BookmarkID(uuid: UUID()), url: "https://one.example/", title: "One", tags: ["dev"],
      created: start, lastModified: start)
    var renamedSettings = MergeScenario.settings()
    renamedSettings.tagRenames = [StoreSettings.TagRename(from: "dev", to: "code", at: at(1))]
    var renamed = old
    renamed.tags = ["code"]
    renamed.lastModified = at(1)
    let typedAfter = Bookmark(
      id: BookmarkID(uuid: UUID()), url: "https://two.example/", title: "Two",
      tags: ["dev/tools"], created: at(2), lastModified: at(2))
    let offline = Bookmark(
      id: BookmarkID(uuid: UUID()), url: "https://three.example/", title: "Three",
      tags: ["dev/offline"], created: at(3), lastModified: at(3))
    let base = MergeSide(bookmarks: [old], settings: MergeScenario.settings())
    let here = MergeSide(bookmarks: [renamed, typedAfter], settings: renamedSettings)
    let there = MergeSide(bookmarks: [old, offline], settings: MergeScenario.settings())
    for (ours, theirs) in [(here, there), (there, here)] {
      let outcome = StoreMerge.merge(base: base, ours: ours, theirs: theirs)
      let tags = Dictionary(uniqueKeysWithValues: outcome.bookmarks.map { ($0.url, $0.tags) })
      #expect(tags["https://one.example/"] == ["code"])
      #expect(tags["https://two.example/"] == ["dev/tools"], "typed after the rename")
      #expect(tags["https://three.example/"] == ["code/offline"], "typed before it, elsewhere")
      #expect(outcome.resolutions.isEmpty)
    }
    // A later merge whose base knows the rename maps nothing.
    let merged = StoreMerge.merge(base: base, ours: here, theirs: there)
    let later = MergeSide(bookmarks: merged.bookmarks, settings: merged.settings)
    var edited = merged.bookmarks
    edited.append(
      Bookmark(
        id: BookmarkID(uuid: UUID()), url: "https://four.example/", title: "Four",
        tags: ["dev"], created: at(4), lastModified: at(4)))
    let again = StoreMerge.merge(
      base: later, ours: later, theirs: MergeSide(bookmarks: edited, settings: merged.settings))
    #expect(
      again.bookmarks.map(\.tags).sorted { $0.lexicographicallyPrecedes($1) } == [
        ["code"], ["code/offline"], ["dev"], ["dev/tools"],
      ])
  }

  /// A change committed with plain git that kept `lastModified` counts at its
  /// commit's author time, for a field both sides changed and against a deletion.
  @Test func aChangeTimeFromHistoryBeatsAnOlderEdit() {
    let start = MergeScenario.start
    func at(_ offset: Int64) -> Timestamp {
      Timestamp(millisecondsSince1970: start.millisecondsSince1970 + offset)
    }
    let one = Bookmark(
      id: BookmarkID(uuid: UUID()), url: "https://one.example/", title: "Base",
      created: start, lastModified: start)
    let two = Bookmark(
      id: BookmarkID(uuid: UUID()), url: "https://two.example/", title: "Base",
      created: start, lastModified: start)
    var byHand = one
    byHand.title = "By hand"
    var twoByHand = two
    twoByHand.note = "kept"
    var elsewhere = one
    elsewhere.title = "Elsewhere"
    elsewhere.lastModified = at(10)
    let base = MergeSide(bookmarks: [one, two], settings: MergeScenario.settings())
    let hand = MergeSide(
      bookmarks: [byHand, twoByHand], settings: MergeScenario.settings(),
      changeTimes: [one.id: at(20), two.id: at(20)])
    let other = MergeSide(
      bookmarks: [elsewhere], settings: MergeScenario.settings(), deletionTimes: [two.id: at(10)])
    for (ours, theirs) in [(hand, other), (other, hand)] {
      let outcome = StoreMerge.merge(base: base, ours: ours, theirs: theirs)
      let titles = Dictionary(uniqueKeysWithValues: outcome.bookmarks.map { ($0.url, $0) })
      #expect(titles["https://one.example/"]?.title == "By hand")
      #expect(titles["https://one.example/"]?.lastModified == at(20))
      #expect(titles["https://two.example/"]?.note == "kept")
      #expect(outcome.resolutions.count == 2)
    }
  }

  /// Two files with one id on a side (a copy made by hand) stay two bookmarks, whichever side
  /// holds them and whatever the other changed; both sides agree on the second one's new id.
  @Test func twoBookmarksWithOneIDAreBothKept() {
    var rng: RandomSource = Xoshiro(seed: (21, 22, 23, 24))
    for _ in 0..<100 {
      let base = MergeScenario.base(&rng, count: Int.random(in: 2..<8, using: &rng))
      var copied = base
      let source = Int.random(in: 0..<base.count, using: &rng)
      var target = Int.random(in: 0..<base.count - 1, using: &rng)
      if target >= source { target += 1 }
      copied[target].id = base[source].id
      let baseSide = MergeSide(bookmarks: base, settings: MergeScenario.settings())
      let byHand = MergeSide(bookmarks: copied, settings: MergeScenario.settings())
      let theirs = MergeScenario.edit(base, &rng, device: 2)
      let one = StoreMerge.merge(base: baseSide, ours: byHand, theirs: theirs)
      let other = StoreMerge.merge(base: baseSide, ours: theirs, theirs: byHand)
      #expect(one == other)
      #expect(Set(one.bookmarks.map(\.id)).count == one.bookmarks.count, "one id each")
      let kept = Set(theirs.bookmarks.map(\.url))
      for url in [base[source].url, base[target].url] where kept.contains(url) {
        #expect(one.bookmarks.contains { $0.url == url }, "\(url) lost")
      }
    }
  }
}

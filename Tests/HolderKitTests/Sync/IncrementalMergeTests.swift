import Foundation
import Git
import HolderCore
import HolderTestSupport
import PropertyBased
import Testing

@testable import HolderKit

/// The incremental merge (reading only what changed since the merge base) against the full
/// merge (reading every bookmark of every side), its reference: same tree, same resolutions.
@Suite struct IncrementalMergeTests {
  /// A base store and what two machines made of it offline.
  struct Scenario: CustomStringConvertible {
    var base: [Bookmark]
    var ours: [Bookmark]
    var theirs: [Bookmark]
    var baseSettings: StoreSettings
    var oursSettings: StoreSettings
    var theirsSettings: StoreSettings

    var description: String {
      "base \(base.count), ours \(ours.count), theirs \(theirs.count), renames "
        + "\(oursSettings.tagRenames.count)/\(theirsSettings.tagRenames.count)"
    }
  }

  private static let tags = ["a", "a/x", "b", "c", "Reading/Later"]

  private static func pick(_ values: [String], _ rng: inout RandomSource) -> String {
    values[Int.random(in: 0..<values.count, using: &rng)]
  }

  private static func url(_ text: String) -> String {
    (try? URLNormalizer.normalize(text)) ?? text
  }

  private static func time(_ rng: inout RandomSource) -> Timestamp {
    Timestamp(
      millisecondsSince1970: Int64.random(
        in: 1_700_000_000_000...1_700_000_900_000, using: &rng))
  }

  private static func tags(_ rng: inout RandomSource) -> [String] {
    Bookmark.canonicalTags(
      (0..<Int.random(in: 0...3, using: &rng)).map { _ in pick(tags, &rng) })
  }

  /// One side's offline changes: edits of every field, URL edits (sometimes onto a URL the
  /// other side also uses), deletions and additions (sometimes at a base bookmark's URL).
  private static func changed(
    _ base: [Bookmark], pool: [String], _ rng: inout RandomSource
  ) -> [Bookmark] {
    var result: [Bookmark] = []
    var used = Set(base.map(\.url))
    for var bookmark in base {
      let stamp = time(&rng)
      switch Int.random(in: 0..<16, using: &rng) {
      case 0: bookmark.title = RandomValues.text(&rng, maximumLength: 20)
      case 1: bookmark.note = RandomValues.text(&rng, maximumLength: 40)
      case 2: bookmark.tags = tags(&rng)
      case 3: bookmark.favorite.toggle()
      case 4:
        used.remove(bookmark.url)
        continue
      case 5:
        let target = pick(pool, &rng)
        if used.contains(target) { break }
        used.remove(bookmark.url)
        used.insert(target)
        bookmark.url = target
      default:
        result.append(bookmark)
        continue
      }
      bookmark.lastModified = max(bookmark.lastModified, stamp)
      result.append(bookmark)
    }
    for _ in 0..<Int.random(in: 0...3, using: &rng) {
      let candidates = pool + base.map(\.url)
      let target = pick(candidates, &rng)
      guard used.insert(target).inserted else { continue }
      let stamp = time(&rng)
      result.append(
        Bookmark(
          id: RandomValues.bookmarkID(&rng), url: target,
          title: RandomValues.text(&rng, maximumLength: 20), tags: tags(&rng),
          created: stamp, lastModified: stamp))
    }
    return result
  }

  private static func settings(
    _ base: StoreSettings, _ rng: inout RandomSource
  ) -> StoreSettings {
    var settings = base
    if Int.random(in: 0..<6, using: &rng) == 0 {
      settings.tagRenames.append(
        StoreSettings.TagRename(from: "a", to: "renamed", at: time(&rng)))
      settings.lastModified = time(&rng)
    }
    return settings
  }

  static var scenario: Generator<Scenario, Shrink.None<Scenario>> {
    Generator(
      run: { rng in
        let pool = (0..<4).map { url("https://shared.example/moved/\($0)") }
        let base = (0..<Int.random(in: 1...25, using: &rng)).map { n in
          let created = time(&rng)
          return Bookmark(
            id: RandomValues.bookmarkID(&rng), url: url("https://site\(n % 5).example/p/\(n)"),
            title: RandomValues.text(&rng, maximumLength: 20), tags: tags(&rng),
            created: created, lastModified: created)
        }
        let baseSettings = StoreSettings(
          tagOrder: ["a", "b"], lastModified: Timestamp(millisecondsSince1970: 1_600_000_000_000))
        return Scenario(
          base: base, ours: changed(base, pool: pool, &rng),
          theirs: changed(base, pool: pool, &rng), baseSettings: baseSettings,
          oursSettings: settings(baseSettings, &rng), theirsSettings: settings(baseSettings, &rng))
      }, shrink: { _ in Shrink.None() })
  }

  /// Commits `bookmarks` and `settings` as a whole tree on top of `parent`.
  private static func commit(
    _ store: Store, _ bookmarks: [Bookmark], _ settings: StoreSettings, parent: ObjectID?
  ) throws -> ObjectID {
    var changes: [String: TreeChange] = [:]
    for bookmark in bookmarks {
      changes[BookmarkPath.relativePath(forNormalizedURL: bookmark.url)] = .upsert(
        try store.repository.writeBlob(BookmarkCodec.encode(bookmark)), kind: .blob)
    }
    changes[Layout.settings] = .upsert(
      try store.repository.writeBlob(StoreSettingsCodec.encode(settings)), kind: .blob)
    let tree = try store.repository.tree(applying: changes, to: nil)
    let signature = try store.committer.commitSignature()
    return try store.repository.createCommit(
      tree: tree, parents: parent.map { [$0] } ?? [], author: signature, committer: signature,
      message: "scenario")
  }

  /// The merged tree and resolutions, computed one way or the other.
  private static func merged(
    _ store: Store, local: ObjectID, remote: ObjectID, incremental: Bool
  ) throws -> (tree: ObjectID, resolutions: [Resolution], read: Set<String>?) {
    let options = SyncOptions(remote: "origin", allowMassDelete: true)
    let planned = try store.syncEngine.plannedMerge(
      local: local, remote: remote, options: options, incremental: incremental)
    var (changes, pack) = try store.syncEngine.bookmarkChanges(
      to: planned.outcome, from: planned.ours)
    for (path, change) in planned.otherFiles { changes[path] = change }
    // Many changes put their blobs into a pack, which the tree below must be able to read.
    try pack?.finish()
    let tree = try store.repository.tree(
      applying: changes, to: try store.repository.commit(local).tree)
    return (tree, planned.outcome.resolutions, planned.paths)
  }

  @Test func incrementalMergeGivesTheFullMergesTreeAndResolutions() async throws {
    let fixture = try StoreFixture()
    let store = fixture.store
    await propertyCheck(count: 60, input: Self.scenario) { scenario in
      let base = try Self.commit(store, scenario.base, scenario.baseSettings, parent: nil)
      let ours = try Self.commit(store, scenario.ours, scenario.oursSettings, parent: base)
      let theirs = try Self.commit(store, scenario.theirs, scenario.theirsSettings, parent: base)
      let full = try Self.merged(store, local: ours, remote: theirs, incremental: false)
      let fast = try Self.merged(store, local: ours, remote: theirs, incremental: true)
      #expect(fast.tree == full.tree, "\(scenario)")
      #expect(fast.resolutions == full.resolutions, "\(scenario)")
      #expect(full.read == nil)
      // Without a tag rename, only what changed is read.
      if scenario.oursSettings.tagRenames.isEmpty && scenario.theirsSettings.tagRenames.isEmpty {
        #expect(fast.read != nil)
      }
      // Both ways round: the merge does not depend on which side is "ours".
      let swapped = try Self.merged(store, local: theirs, remote: ours, incremental: true)
      let swappedFull = try Self.merged(store, local: theirs, remote: ours, incremental: false)
      #expect(swapped.tree == swappedFull.tree, "\(scenario)")
    }
  }
}

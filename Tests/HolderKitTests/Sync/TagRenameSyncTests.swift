import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import PropertyBased
import Testing

/// The rule for tag renames, on real repositories: a rename maps only the versions that
/// did not know it — a tag typed after a rename keeps its name through every sync — and the
/// machines still end identical.
@Suite struct TagRenameSyncTests {
  /// One step of a random history on two machines.
  enum Step: CustomStringConvertible {
    /// Machine `machine` adds a new link tagged `tag`.
    case add(machine: Int, tag: String)
    /// Machine `machine` renames `tag` to `tag-renamed` (skipped once any machine renamed it).
    case rename(machine: Int, tag: String)
    case sync(machine: Int)

    var description: String {
      switch self {
      case .add(let machine, let tag): return "add@\(machine) \(tag)"
      case .rename(let machine, let tag): return "rename@\(machine) \(tag)"
      case .sync(let machine): return "sync@\(machine)"
      }
    }
  }

  private static let names = ["dev", "read", "work"]

  static var history: Generator<[Step], Shrink.None<[Step]>> {
    Generator(
      run: { rng in
        (0..<Int.random(in: 4...14, using: &rng)).map { _ in
          let machine = Int.random(in: 0...1, using: &rng)
          let name = names[Int.random(in: 0..<names.count, using: &rng)]
          switch Int.random(in: 0..<5, using: &rng) {
          case 0, 1:
            return .add(machine: machine, tag: Bool.random(using: &rng) ? name : name + "/tools")
          case 2: return .rename(machine: machine, tag: name)
          default: return .sync(machine: machine)
          }
        }
      }, shrink: { _ in Shrink.None() })
  }

  /// What each machine is expected to hold: which renames it knows (by old name), which links
  /// it has, and for each link the tag typed and whether its machine knew that tag's rename.
  private struct Model {
    var knows: [Set<String>] = [[], []]
    var has: [Set<String>] = [[], []]
    var remoteKnows: Set<String> = []
    var remoteHas: Set<String> = []
    var renamed: Set<String> = []
    var typed: [String: (tag: String, knewRename: Bool)] = [:]

    /// The tag link `url` carries on `machine`: as typed when its machine knew the rename,
    /// else renamed once `machine` knows the rename.
    func expectedTag(of url: String, on machine: Int) -> String {
      guard let entry = typed[url] else { return "" }
      let tag = entry.tag
      let name = String(tag.prefix { $0 != "/" })
      if entry.knewRename || !knows[machine].contains(name) { return tag }
      return name + "-renamed" + tag.dropFirst(name.count)
    }

    mutating func synced(_ machine: Int) {
      knows[machine].formUnion(remoteKnows)
      remoteKnows = knows[machine]
      has[machine].formUnion(remoteHas)
      remoteHas = has[machine]
    }
  }

  private static func check(_ store: Store, _ model: Model, machine: Int, _ history: [Step]) {
    let held = Dictionary(
      store.list().bookmarks.map { ($0.bookmark.url, $0.bookmark.tags) },
      uniquingKeysWith: { a, _ in a })
    #expect(Set(held.keys) == model.has[machine], "\(history)")
    for url in model.has[machine] {
      #expect(
        held[url] == [model.expectedTag(of: url, on: machine)],
        "\(url) on machine \(machine) after \(history)")
    }
  }

  @Test func aTagTypedAfterARenameSurvivesEverySync() async throws {
    await propertyCheck(count: 12, input: Self.history) { history in
      let fixture = try StoreFixture()
      var model = Model()
      for name in Self.names {
        let url = "https://base.example/\(name)"
        try fixture.add(url, tags: [name])
        model.typed[url] = (name, false)
      }
      model.has = [Set(model.typed.keys), Set(model.typed.keys)]
      model.remoteHas = Set(model.typed.keys)
      try fixture.addBareRemote()
      let stores = [
        fixture.store,
        try fixture.cloneStore("other", start: Timestamp(millisecondsSince1970: 1_763_716_450_000)),
      ]
      var count = 0
      func sync(_ machine: Int) throws {
        let report = try stores[machine].sync()
        #expect(report.resolutions.isEmpty, "no rename is a conflict: \(history)")
        model.synced(machine)
        Self.check(stores[machine], model, machine: machine, history)
      }
      for step in history {
        switch step {
        case .add(let machine, let tag):
          count += 1
          let url = "https://new.example/\(count)"
          _ = try stores[machine].add(AddRequest(url: url, tags: [tag]))
          let name = String(tag.prefix { $0 != "/" })
          model.typed[url] = (tag, model.knows[machine].contains(name))
          model.has[machine].insert(url)
        case .rename(let machine, let tag):
          guard model.renamed.insert(tag).inserted else { continue }
          _ = try stores[machine].renameTag(tag, to: tag + "-renamed")
          model.knows[machine].insert(tag)
          Self.check(stores[machine], model, machine: machine, history)
        case .sync(let machine):
          try sync(machine)
        }
      }
      // Either machine may sync first; both end in the same place.
      for machine in history.count.isMultiple(of: 2) ? [0, 1, 0] : [1, 0, 1] {
        try sync(machine)
      }
      let trees = try stores.map { store in
        try fixture.git.runGit(["rev-parse", "HEAD^{tree}"], in: store.root)
      }
      #expect(trees[0] == trees[1], "\(history)")
    }
  }
}

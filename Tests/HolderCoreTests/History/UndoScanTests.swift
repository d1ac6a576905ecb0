import HolderCore
import PropertyBased
import Testing

@Suite struct UndoScanTests {
  /// What a person does: 0 a new change, 1 undo, 2 redo.
  private typealias Step = Int

  /// The history a sequence of steps makes, newest last, and the tops of the undo and redo
  /// stacks an editor would hold after each commit.
  private struct Model {
    var commits: [(id: String, role: UndoScan.Role)] = [("c0", .root)]
    var undoStack: [String] = []
    var redoStack: [String] = []

    mutating func apply(_ step: Step) {
      let id = "c\(commits.count)"
      switch step {
      case 1:
        guard let top = undoStack.popLast() else { return }
        commits.append((id, .undo(of: top)))
        redoStack.append(id)
      case 2:
        guard let top = redoStack.popLast() else { return }
        commits.append((id, .redo(of: top)))
        undoStack.append(id)
      default:
        commits.append((id, .change))
        undoStack.append(id)
        redoStack.removeAll()
      }
    }

    func scan(_ goal: UndoScan.Goal) -> String? {
      var scan = UndoScan(goal)
      for commit in commits.reversed() where !scan.isFinished {
        scan.visit(commit.id, commit.role)
      }
      return scan.found
    }
  }

  /// The law: reading the commits back from the newest finds what an editor's two stacks
  /// hold on top, after any sequence of changes, undos and redos.
  @Test func findsWhatTheStacksHoldOnTop() async {
    await propertyCheck(count: 500, input: Gen.int(in: 0...2).array(of: 0...40)) { steps in
      var model = Model()
      for step in steps {
        model.apply(step)
        #expect(model.scan(.undo) == model.undoStack.last)
        #expect(model.scan(.redo) == model.redoStack.last)
      }
    }
  }

  @Test func undoGoesBackOneStepEachTimeAndRedoComesForward() {
    var model = Model()
    for step in [0, 0, 0, 1, 1] { model.apply(step) }
    // c1, c2, c3 changes; c4 undid c3; c5 undid c2.
    #expect(model.scan(.undo) == "c1")
    #expect(model.scan(.redo) == "c5")
    model.apply(2)
    #expect(model.scan(.undo) == "c6", "the redo is the change to take back next")
    #expect(model.scan(.redo) == "c4")
    model.apply(0)
    #expect(model.scan(.redo) == nil, "a new change ends what can be redone")
  }

  @Test func aMergeIsPassedOverAndTheFirstCommitEndsTheScan() {
    var scan = UndoScan(.undo)
    scan.visit("m", .merge)
    #expect(!scan.isFinished)
    scan.visit("a", .change)
    #expect(scan.found == "a")
    var empty = UndoScan(.undo)
    empty.visit("u", .undo(of: "a"))
    empty.visit("a", .change)
    empty.visit("root", .root)
    #expect(empty.isFinished && empty.found == nil)
  }
}

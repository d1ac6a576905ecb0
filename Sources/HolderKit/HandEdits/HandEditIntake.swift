/// Takes hand edits into the store: the bookmark files and settings changed, added, moved or
/// removed outside holder-git, read (`HandEditScan`), decided (a copy, a move, a deletion, a
/// file refused: `HandEditIntake+Decisions`), checked against the mass-delete guard and
/// committed (`HandEditIntake+TakeIn`), with what was done reported (`HandEditOutcome`).
///
/// It holds no state of its own: one is made for each use (`Store.handEditIntake`).
struct HandEditIntake {
  let store: Store
}

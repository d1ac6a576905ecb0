/// Import from a browser's or another tool's export file: read (`NetscapeFile`,
/// `ImportCollector`), written as one commit (`ImportWriter`), deletions by the file
/// recognised (`Importer+DeletedPaths`).
///
/// It holds no state of its own: one is made for each use (`Store.importer`).
struct Importer {
  let store: Store
}

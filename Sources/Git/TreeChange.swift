/// What to do with one path when building a new tree.
public enum TreeChange: Hashable, Sendable {
  /// Put this object at the path, replacing whatever was there.
  case upsert(ObjectID, kind: EntryKind)
  /// Take the path out; removing a path that is absent is not an error.
  case remove
}

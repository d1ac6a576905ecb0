/// Keeps the repository packed as `git gc --auto` would (`Packer+Loose`), in the foreground
/// for `holder-git pack` or in a child that a writing command hands its lock to
/// (`Packer+Background`).
///
/// It holds no state of its own (whether this process committed, which alone lets it start
/// the child, is the store's): one is made for each use (`Store.packer`).
struct Packer {
  let store: Store
}

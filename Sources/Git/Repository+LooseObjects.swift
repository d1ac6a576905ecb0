internal import CLibGit2
import Glibc

/// The loose objects under `objects/??/`: how many there are, as `git gc
/// --auto` estimates it, which ones, and removing a loose copy once a pack holds the object.
///
/// Plain file-system reads of the object folders: libgit2 has no listing of loose objects
/// only, and walking the whole object database would read every packed object too.
extension Repository {
  /// Loose objects in the sample folders `objects/10` to `objects/1f`: the store's total is
  /// about 16 times this.
  ///
  /// git samples `objects/17` alone; sixteen folders cost sixteen small reads and bring the
  /// estimate's spread at 6,700 objects from a fifth of it to a twentieth.
  public func looseObjectsInSample() -> Int {
    (0x10..<0x20).reduce(0) { $0 + looseNames(in: Self.fanOut($1)).count }
  }

  /// How many sample folders `looseObjectsInSample` reads, of 256.
  public static let looseSampleFolders = 16

  /// The exact count of loose objects: every `objects/XX/` folder read once.
  public func looseObjectCount() -> Int {
    (0..<256).reduce(0) { $0 + looseNames(in: Self.fanOut($1)).count }
  }

  /// Every loose object's id (each `objects/XX/` folder read once).
  public func looseObjectIDs() -> [ObjectID] {
    var ids: [ObjectID] = []
    for byte in 0..<256 {
      let folder = Self.fanOut(byte)
      for name in looseNames(in: folder) {
        if let id = ObjectID(hex: folder + name) { ids.append(id) }
      }
    }
    return ids
  }

  /// Removes the loose copy of `id`; true when there was one.
  ///
  /// Only for an object a durable pack holds: it is then still readable, from the pack.
  @discardableResult
  public func removeLooseCopy(of id: ObjectID) -> Bool {
    let hex = id.hex
    return unlink(objectsDirectory + "/" + hex.prefix(2) + "/" + hex.dropFirst(2)) == 0
  }

  /// Removes the `objects/XX` folders left empty, as `git prune-packed` does.
  public func removeEmptyLooseFolders() {
    for byte in 0..<256 { rmdir(objectsDirectory + "/" + Self.fanOut(byte)) }
  }

  /// `.git/objects`, without the doubled slash libgit2's path ending in one would give, as it
  /// appears in messages.
  var objectsDirectory: String {
    (gitDirectory.hasSuffix("/") ? String(gitDirectory.dropLast()) : gitDirectory) + "/objects"
  }

  /// The names in `objects/FOLDER` that are loose objects: 38 hex digits.
  private func looseNames(in folder: String) -> [String] {
    Self.names(inFolder: objectsDirectory + "/" + folder).filter {
      $0.utf8.count == 38 && $0.utf8.allSatisfy(Self.isHexDigit)
    }
  }

  /// Every name in the folder at `path`, `.` and `..` too; none when it cannot be read.
  static func names(inFolder path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      names.append(
        withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        })
    }
    return names
  }

  private static func fanOut(_ byte: Int) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[byte >> 4], digits[byte & 0xF]])
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
  }
}

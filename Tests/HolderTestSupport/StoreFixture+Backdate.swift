import HolderCoreTestSupport

extension StoreFixture {
  /// Makes every bookmark file look old, so the index trusts its stamp (a file changed within
  /// the last two seconds is always read again, whatever its stamp says).
  public func backdateBookmarkFiles() throws {
    let result = try runProcess(
      "/usr/bin/find",
      [root + "/bookmarks", "-type", "f", "-exec", "touch", "-m", "-d", "2020-01-01", "{}", "+"],
      cwd: nil, env: nil, stdin: nil)
    guard result.status == 0 else {
      throw ProcessFailure(
        command: ["find", "touch"], status: result.status, stderr: result.stderr)
    }
  }
}

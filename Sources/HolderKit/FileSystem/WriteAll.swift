// The one loop that writes a whole buffer to a descriptor, for files and standard streams alike.
import Localization

#if canImport(Glibc)
import Glibc
#endif

/// Writes all of `buffer` to `fd`, again after a signal (EINTR) or a short write; an error names
/// `path` (a file's, or `fd N` for a stream) and keeps the errno (EPIPE, ENOSPC) for the caller.
func writeAll(_ buffer: UnsafeRawBufferPointer, to fd: Int32, path: String)
  throws(FileSystemError)
{
  var offset = 0
  while offset < buffer.count {
    let count = unsafe Glibc.write(
      fd, buffer.baseAddress.map { unsafe $0 + offset }, buffer.count - offset)
    if count < 0 {
      if errno == EINTR { continue }
      throw FileSystemError(operation: Message("write").english, path: path, code: errno)
    }
    offset += count
  }
}

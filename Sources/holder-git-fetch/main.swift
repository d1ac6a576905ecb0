import FetchProtocol
import HTML

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

// holder-git-fetch: the helper holder-git starts to fetch pages and read HTML, so that
// holder-git itself links neither a networking stack nor libxml2 (see HelperProgram in
// HolderKit). It talks JSON lines on its standard input and output; it is not for people.

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "serve":
  let options = arguments.dropFirst()
  let numbers = options.compactMap { Int($0) }
  let loopback = options.contains("--allow-loopback")
  guard numbers.count == 2, options.count == (loopback ? 3 : 2) else { usage() }
  // libcurl is told not to touch signals (its transfers run on many threads), so a peer that
  // closes a connection mid-write must not end the helper: the write fails instead.
  signal(SIGPIPE, SIG_IGN)
  FetchServer(
    session: PageSession(
      maxBytes: numbers[0], maxRedirects: numbers[1],
      gate: AddressGate(allowingLoopback: loopback))
  ).run()
case "netscape":
  ItemLines.run(ItemLines.netscape)
case "xbel":
  ItemLines.run(ItemLines.xbel)
case "firefox-places":
  guard arguments.count == 2, let path = arguments.last else { usage() }
  PlacesLines.run(path: path)
default:
  usage()
}

func usage() -> Never {
  StandardError.write(
    """
    holder-git-fetch is holder-git's helper for fetching pages and reading HTML files;
    holder-git starts it (run 'holder-git add', 'refresh' or 'import' instead).
    usage: holder-git-fetch serve MAX_BYTES MAX_REDIRECTS [--allow-loopback] | holder-git-fetch netscape | holder-git-fetch xbel
       holder-git-fetch firefox-places PATH

    """)
  exit(64)
}

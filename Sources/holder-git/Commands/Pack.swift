import ArgumentParser
import HolderKit
import Localization

extension HolderGit {
  /// `holder-git pack [--auto]`: packs the store's loose git objects now.
  ///
  /// Hidden: holder-git runs it by itself, in the background, once a write leaves more loose
  /// objects than git's `gc.auto`; by hand it is `git gc`'s packing half, under the store lock.
  struct Pack: ParsableCommand, QuietCommand {
    static let configuration = CommandConfiguration(
      commandName: "pack",
      abstract: tr("Pack the store's loose git objects now (holder-git does it by itself)."),
      discussion: tr(
        """
        Writes the loose objects a branch, a reflog or git's index reaches into one pack,
        synced to disk, then removes their loose copies. Objects nothing reaches stay loose
        for 'git prune'. When there are more than two packs, all but the largest are
        combined into that pack too. holder-git runs this in the background once a change
        leaves more loose objects than git's gc.auto (6700 unless set; 0 turns it off), or
        more packs than gc.autoPackLimit (50).
        """)
        + "\n\n" + tr("Examples:") + "\n"
          + """
            holder-git pack
            git config gc.auto 0    # never pack by itself
          """,
      shouldDisplay: false)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var quietOption: QuietOption

    @Flag(help: ArgumentHelp(tr("Pack only when the loose objects pass gc.auto.")))
    var auto = false

    @Flag(help: .hidden)
    var lockOnStdin = false

    func run() throws {
      applyQuiet()
      // Packing changes no bookmark: nothing to finish or settle first (and the background
      // packer, which holds a lock handed over, must not wait for one).
      let store = try storeOptions.openAsIs()
      if lockOnStdin {
        // The background packer: nothing to print, no one reads it.
        _ = try store.packWithHandedOverLock(0)
        return
      }
      let outcome = try store.packLooseObjects(onlyWhenNeeded: auto)
      if outcome.combinedPacks > 0 {
        Printer.out(tr("Combined \(outcome.combinedPacks) packs into one"))
        // The loose objects' line only when there were any.
        if outcome.packed == 0 && outcome.unreachable == 0 { return }
      }
      printLoose(packed: outcome.packed, left: outcome.unreachable)
    }

    private func printLoose(packed: Int, left: Int) {
      switch (packed == 1, left) {
      case (true, 0): Printer.out(tr("Packed 1 loose object"))
      case (false, 0): Printer.out(tr("Packed \(packed) loose objects"))
      case (true, 1):
        Printer.out(tr("Packed 1 loose object (1 unreachable object left for git prune)"))
      case (false, 1):
        Printer.out(tr("Packed \(packed) loose objects (1 unreachable object left for git prune)"))
      case (true, _):
        Printer.out(tr("Packed 1 loose object (\(left) unreachable objects left for git prune)"))
      case (false, _):
        Printer.out(
          tr("Packed \(packed) loose objects (\(left) unreachable objects left for git prune)"))
      }
    }
  }
}

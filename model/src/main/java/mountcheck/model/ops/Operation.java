package mountcheck.model.ops;

/**
 * One command of the scenario language. Every record renders itself back to the exact shell line
 * that {@code unshare -Urm bash} runs on a real kernel, so a scenario prints as a runnable script.
 */
public sealed interface Operation
    permits MakeDirs,
        MountTmpfs,
        Bind,
        Move,
        ChangeType,
        Umount,
        Unshare,
        UnshareUser,
        MakeFiles,
        PersistNamespace,
        Nsenter,
        HoldFile,
        ReleaseFile,
        ChangeDirectory,
        RemoveDirs,
        Remount,
        OpenTree,
        MoveMount,
        CloseDescriptor,
        MountSetattr,
        FsOpen,
        FsConfig,
        FsMount,
        OpenUserNamespace,
        ChangeRoot,
        ChangeRootToDescriptor,
        MakeDirectoryAt,
        PivotRoot {

  /** The shell command line for this operation, as the scenario language writes it. */
  String toCommand();

  /**
   * Whether {@code op} changes the caller's root ({@code chroot}, {@code pivot_root}, {@code
   * mountfd chroot}): from the next line on, {@code /} names that root in umount and mountfd lines
   * (docs/language.md, "The caller's root").
   */
  static boolean changesRoot(Operation op) {
    return op instanceof ChangeRoot
        || op instanceof PivotRoot
        || op instanceof ChangeRootToDescriptor;
  }
}

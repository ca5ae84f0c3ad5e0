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
        PivotRoot {

  /** The shell command line for this operation, as the scenario language writes it. */
  String toCommand();
}

package mountcheck.model.state;

/**
 * A filesystem context that fsopen(2) made, held by a named descriptor (fs/fsopen.c,
 * fs/fs_context.c; docs/semantics.md §2.17). It starts taking parameters; {@code fsconfig create}
 * makes the superblock (vfs_get_tree(), the phase becomes "awaiting mount"); fsmount() makes one
 * mount of it and ends that phase.
 *
 * @param fsType the filesystem type ({@code tmpfs})
 * @param source the {@code source} parameter, null until set
 * @param superblock the superblock {@code create} made, 0 before
 * @param mounted whether fsmount() has made its mount
 * @param userNamespace fc->user_ns: the user namespace of the credentials that opened it, over
 *     which {@code create} needs CAP_SYS_ADMIN (mount_capable())
 */
public record FsContext(
    String fsType, String source, int superblock, boolean mounted, int userNamespace)
    implements DescriptorHandle {

  /** A new context of fsopen(2) by credentials in {@code userNamespace}: no parameter yet. */
  public static FsContext open(String fsType, int userNamespace) {
    return new FsContext(fsType, null, 0, false, userNamespace);
  }

  /** Whether it still takes parameters (FS_CONTEXT_CREATE_PARAMS). */
  public boolean takesParameters() {
    return superblock == 0;
  }

  public FsContext withSource(String value) {
    return new FsContext(fsType, value, superblock, mounted, userNamespace);
  }

  public FsContext created(int sb) {
    return new FsContext(fsType, source, sb, mounted, userNamespace);
  }

  public FsContext withMount() {
    return new FsContext(fsType, source, superblock, true, userNamespace);
  }

  @Override
  public boolean pathOnly() {
    return false;
  }
}

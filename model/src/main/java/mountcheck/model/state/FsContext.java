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
 */
public record FsContext(String fsType, String source, int superblock, boolean mounted)
    implements DescriptorHandle {

  /** A new context of fsopen(2): no parameter, no superblock. */
  public static FsContext open(String fsType) {
    return new FsContext(fsType, null, 0, false);
  }

  /** Whether it still takes parameters (FS_CONTEXT_CREATE_PARAMS). */
  public boolean takesParameters() {
    return superblock == 0;
  }

  public FsContext withSource(String value) {
    return new FsContext(fsType, value, superblock, mounted);
  }

  public FsContext created(int sb) {
    return new FsContext(fsType, source, sb, mounted);
  }

  public FsContext withMount() {
    return new FsContext(fsType, source, superblock, true);
  }

  @Override
  public boolean pathOnly() {
    return false;
  }
}

package mountcheck.model.state;

/**
 * The per-mount attributes of one mount ({@code mnt_flags} that a user may set): what mountinfo's
 * sixth field shows, and what {@code mount -o remount,bind}, mount(2)'s MS_* flags and
 * mount_setattr(2)'s MOUNT_ATTR_* bits change. They belong to the mount, not to its filesystem: a
 * mount can be read-only on a writable superblock ({@link Superblock#readOnly()} is the other one).
 *
 * @param readOnly MNT_READONLY ({@code ro}, else {@code rw})
 * @param noSuid MNT_NOSUID
 * @param noDev MNT_NODEV
 * @param noExec MNT_NOEXEC
 * @param atime the access time mode (MNT_RELATIME, MNT_NOATIME, or neither: strictatime)
 * @param noDiratime MNT_NODIRATIME
 * @param noSymfollow MNT_NOSYMFOLLOW (Linux 5.10, dab741e0e02b)
 * @param idmapped the mount has an idmapping of its own (mount_setattr(2)'s MOUNT_ATTR_IDMAP, Linux
 *     5.12): mountinfo shows {@code idmapped}; copies keep it and it is never cleared
 *     (docs/semantics.md §2.17); which ids it maps is out of scope
 */
public record MountAttributes(
    boolean readOnly,
    boolean noSuid,
    boolean noDev,
    boolean noExec,
    Atime atime,
    boolean noDiratime,
    boolean noSymfollow,
    boolean idmapped) {

  /** The access time modes; exactly one holds. */
  public enum Atime {
    /** MNT_RELATIME: the default of mount(2) since 2.6.30. */
    RELATIME,
    /** MNT_NOATIME. */
    NOATIME,
    /** Neither flag (MS_STRICTATIME clears both); mountinfo shows nothing for it. */
    STRICTATIME
  }

  /** What mount(2) gives a new mount when no flag is passed: {@code rw,relatime}. */
  public static final MountAttributes DEFAULT =
      new MountAttributes(false, false, false, false, Atime.RELATIME, false, false);

  /**
   * A kernel-internal mount (kern_mount(), e.g. nsfs's): no flag at all, shown as {@code rw}; a
   * bind of a namespace file copies it.
   */
  public static final MountAttributes INTERNAL =
      new MountAttributes(false, false, false, false, Atime.STRICTATIME, false, false);

  public MountAttributes {
    if (atime == null) throw new IllegalArgumentException("atime mode missing");
  }

  /** Attributes without an idmapping. */
  public MountAttributes(
      boolean readOnly,
      boolean noSuid,
      boolean noDev,
      boolean noExec,
      Atime atime,
      boolean noDiratime,
      boolean noSymfollow) {
    this(readOnly, noSuid, noDev, noExec, atime, noDiratime, noSymfollow, false);
  }

  /**
   * The per-mount options field of mountinfo: {@code ro} or {@code rw}, then show_mnt_opts()'s
   * table order (fs/proc_namespace.c): nosuid, nodev, noexec, noatime, nodiratime, relatime,
   * nosymfollow; then {@code idmapped} for a mount with an idmapping of its own.
   */
  public String options() {
    StringBuilder out = new StringBuilder(readOnly ? "ro" : "rw");
    if (noSuid) out.append(",nosuid");
    if (noDev) out.append(",nodev");
    if (noExec) out.append(",noexec");
    if (atime == Atime.NOATIME) out.append(",noatime");
    if (noDiratime) out.append(",nodiratime");
    if (atime == Atime.RELATIME) out.append(",relatime");
    if (noSymfollow) out.append(",nosymfollow");
    if (idmapped) out.append(",idmapped");
    return out.toString();
  }

  public MountAttributes withReadOnly(boolean value) {
    return new MountAttributes(
        value, noSuid, noDev, noExec, atime, noDiratime, noSymfollow, idmapped);
  }

  public MountAttributes withNoSuid(boolean value) {
    return new MountAttributes(
        readOnly, value, noDev, noExec, atime, noDiratime, noSymfollow, idmapped);
  }

  public MountAttributes withNoDev(boolean value) {
    return new MountAttributes(
        readOnly, noSuid, value, noExec, atime, noDiratime, noSymfollow, idmapped);
  }

  public MountAttributes withNoExec(boolean value) {
    return new MountAttributes(
        readOnly, noSuid, noDev, value, atime, noDiratime, noSymfollow, idmapped);
  }

  public MountAttributes withAtime(Atime value) {
    return new MountAttributes(
        readOnly, noSuid, noDev, noExec, value, noDiratime, noSymfollow, idmapped);
  }

  public MountAttributes withNoDiratime(boolean value) {
    return new MountAttributes(
        readOnly, noSuid, noDev, noExec, atime, value, noSymfollow, idmapped);
  }

  /** The same attributes with an idmapping (MOUNT_ATTR_IDMAP, do_idmap_mount()). */
  public MountAttributes withIdmap() {
    return new MountAttributes(
        readOnly, noSuid, noDev, noExec, atime, noDiratime, noSymfollow, true);
  }

  public MountAttributes withNoSymfollow(boolean value) {
    return new MountAttributes(readOnly, noSuid, noDev, noExec, atime, noDiratime, value, idmapped);
  }
}

package mountcheck.alloy;

import java.util.Objects;

/**
 * One mount of a {@link TableFacts} table, in neutral terms. Dentries are paths inside their
 * filesystem: {@code /} is its top, {@code /a/b} a directory below it.
 *
 * @param id unique name of the mount
 * @param fs the filesystem (superblock) it shows
 * @param root the dentry of {@code fs} at its top ({@code /} unless it is a bind of a subdirectory)
 * @param parent id of the mount it is attached to, or null for an absolute root
 * @param mountpoint the dentry of the parent's filesystem it is attached on, or null without parent
 * @param group its peer group, or null when it is not shared
 * @param master the peer group it is a slave of, or null
 * @param locked MNT_LOCKED
 * @param unbindable T_UNBINDABLE
 */
public record MountFact(
    String id,
    String fs,
    String root,
    String parent,
    String mountpoint,
    String group,
    String master,
    boolean locked,
    boolean unbindable) {

  public MountFact {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(fs, "fs");
    Objects.requireNonNull(root, "root");
    if ((parent == null) != (mountpoint == null)) {
      throw new IllegalArgumentException(id + ": parent and mountpoint go together");
    }
    if (!root.startsWith("/") || (mountpoint != null && !mountpoint.startsWith("/"))) {
      throw new IllegalArgumentException(
          id + ": dentries are absolute paths inside the filesystem");
    }
  }

  /** A private mount of the top of a filesystem without parent. */
  public static MountFact root(String id, String fs) {
    return new MountFact(id, fs, "/", null, null, null, null, false, false);
  }

  /** A private mount of {@code fs}'s top attached on {@code mountpoint} of {@code parent}. */
  public static MountFact child(String id, String fs, String parent, String mountpoint) {
    return new MountFact(id, fs, "/", parent, mountpoint, null, null, false, false);
  }

  public MountFact withRoot(String dentry) {
    return new MountFact(id, fs, dentry, parent, mountpoint, group, master, locked, unbindable);
  }

  public MountFact inGroup(String g) {
    return new MountFact(id, fs, root, parent, mountpoint, g, master, locked, unbindable);
  }

  public MountFact slaveOf(String g) {
    return new MountFact(id, fs, root, parent, mountpoint, group, g, locked, unbindable);
  }

  public MountFact asLocked() {
    return new MountFact(id, fs, root, parent, mountpoint, group, master, true, unbindable);
  }

  public MountFact asUnbindable() {
    return new MountFact(id, fs, root, parent, mountpoint, group, master, locked, true);
  }

  /** True when it is attached on its parent's root dentry. */
  boolean isOvermountOf(MountFact p) {
    return mountpoint != null && mountpoint.equals(p.root());
  }
}

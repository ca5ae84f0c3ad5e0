package mountcheck.model.umount;

/**
 * Read-only view of the mount tree and the propagation graph, as propagate_umount sees it.
 *
 * <p>Mounts and dentries are positive ints; {@link #NONE} (0) means "no mount". The view is the
 * state <em>before</em> umount_tree unlinks anything: {@link #children} still lists the members of
 * U and {@link #lookup} still finds them. Algorithms must treat U as the kernel does after
 * umount_tree's step 3 (unlinked from their parents' child lists, still hashed).
 *
 * <p>Order matters only for speed, never for results: wrappers may permute {@link #children},
 * {@link #peers} and {@link #slaves} to check that (the order-independence property).
 */
public interface MountGraph {
  int NONE = 0;

  /** The parent mount, or {@link #NONE} for a namespace root / detached mount. */
  int parent(int mount);

  /** Dentry in the parent's superblock where the mount is attached (its own root if no parent). */
  int mountpoint(int mount);

  /** Dentry that is the root of this mount (a subdirectory for bind mounts). */
  int root(int mount);

  /** Child mounts, each attached at some dentry of this mount. */
  int[] children(int mount);

  /** The child attached exactly at (parent, dentry), or NONE; at most one exists (6.17+). */
  int lookup(int parent, int dentry);

  /** The child attached on this mount's own root (its overmount), or NONE. */
  default int overmount(int mount) {
    return lookup(mount, root(mount));
  }

  /** Peer group id; 0 when the mount is not shared. */
  int group(int mount);

  /** The master mount (a member of the master peer group), or NONE when not a slave. */
  int master(int mount);

  /** MNT_LOCKED. */
  boolean locked(int mount);

  /** Members of this mount's peer group in ring order, including the mount; just it if private. */
  int[] peers(int mount);

  /** Mounts whose master is this mount (its slave list). */
  int[] slaves(int mount);

  // Navigation of peer rings and slave lists, one step at a time. The defaults derive each step
  // from peers() and slaves() (linear in the ring or list); graphs of a million mounts override
  // them with O(1) versions. Algorithms use only these for walking propagation.

  /** True when both mounts are in the same (non-zero) peer group (pnode.h {@code peers()}). */
  default boolean arePeers(int a, int b) {
    int g = group(a);
    return g != 0 && g == group(b);
  }

  /** The next member of the mount's peer ring; the mount itself when it has no peers. */
  default int nextPeer(int mount) {
    int[] ring = peers(mount);
    for (int i = 0; i < ring.length; i++) {
      if (ring[i] == mount) {
        return ring[(i + 1) % ring.length];
      }
    }
    return mount;
  }

  /** First entry of the mount's slave list, or NONE. */
  default int firstSlave(int mount) {
    int[] s = slaves(mount);
    return s.length == 0 ? NONE : s[0];
  }

  /** Last entry of the mount's slave list, or NONE. */
  default int lastSlave(int mount) {
    int[] s = slaves(mount);
    return s.length == 0 ? NONE : s[s.length - 1];
  }

  /** The entry after this mount in its master's slave list, or NONE at the end (or no master). */
  default int nextSlave(int mount) {
    int master = master(mount);
    if (master == NONE) {
      return NONE;
    }
    int[] s = slaves(master);
    for (int i = 0; i + 1 < s.length; i++) {
      if (s[i] == mount) {
        return s[i + 1];
      }
    }
    return NONE;
  }

  /** The largest mount id in the graph (inclusive): arrays indexed by mount need one more slot. */
  int maxMountId();
}

package mountcheck.model.state;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The whole modelled system at one instant: every mount, superblock and directory, every mount
 * namespace, the namespace and user namespace the scenario's shell is in, and the id counters.
 * Immutable: operations return a new table ({@link MountTableBuilder} is the working copy).
 *
 * <p>Relations are kept as indexes next to the mounts: the children of each mount, the slaves of
 * each mount ({@code mnt_slave_list}) and the members of each peer group ({@code mnt_share}).
 */
public final class MountTable {
  final Mount[] mounts; // index = mount id, null = no such mount
  final int[][] children; // index = mount id
  final int[][] slaves; // index = mount id
  final int[][] groupMembers; // index = group id
  final int nextMountId;
  final int nextGroupId;
  final Superblock[] superblocks; // index = superblock id (0 unused)
  final Dentry[] dentries; // index = dentry id (0 unused)
  final Map<String, Integer> dentryIndex; // "sb:path" -> dentry id
  final Namespace[] namespaces; // index = namespace id (0 unused)
  final int[] userNamespaceParent; // index = user namespace id (0 unused)
  final int currentNamespace;
  final int currentUserNamespace;
  final int mountMax;

  MountTable(
      Mount[] mounts,
      int[][] children,
      int[][] slaves,
      int[][] groupMembers,
      int nextMountId,
      int nextGroupId,
      Superblock[] superblocks,
      Dentry[] dentries,
      Map<String, Integer> dentryIndex,
      Namespace[] namespaces,
      int[] userNamespaceParent,
      int currentNamespace,
      int currentUserNamespace,
      int mountMax) {
    this.mounts = mounts;
    this.children = children;
    this.slaves = slaves;
    this.groupMembers = groupMembers;
    this.nextMountId = nextMountId;
    this.nextGroupId = nextGroupId;
    this.superblocks = superblocks;
    this.dentries = dentries;
    this.dentryIndex = dentryIndex;
    this.namespaces = namespaces;
    this.userNamespaceParent = userNamespaceParent;
    this.currentNamespace = currentNamespace;
    this.currentUserNamespace = currentUserNamespace;
    this.mountMax = mountMax;
  }

  /**
   * The state a scenario starts in: one opaque, private, read-only root mount whose filesystem
   * holds an empty directory {@code /mnt}, in a namespace owned by user namespace 1.
   *
   * @param mountMax fs.mount-max, the per-namespace limit on mounts (Linux default 100000)
   * @param preexistingMounts mounts the namespace already has (the root plus the host's mounts
   *     copied into it by {@code unshare -Urm}); they count against the limit
   */
  public static MountTable initial(int mountMax, int preexistingMounts) {
    if (preexistingMounts < 1) throw new IllegalArgumentException("at least the root mount exists");
    Superblock rootFs = new Superblock(1, "rootfs", "rootfs", true, true);
    Dentry slash = new Dentry(1, 1, 0, "", "/");
    Dentry mnt = new Dentry(2, 1, 1, "mnt", "/mnt");
    Mount root = new Mount(1, 1, slash.id(), 0, 0, 0, 0, false, false, 1);
    return new MountTable(
        new Mount[] {null, root},
        new int[][] {new int[0], new int[0]},
        new int[][] {new int[0], new int[0]},
        new int[][] {new int[0]},
        2,
        1,
        new Superblock[] {null, rootFs},
        new Dentry[] {null, slash, mnt},
        Map.of("1:/", 1, "1:/mnt", 2),
        new Namespace[] {null, new Namespace(1, 1, 1, preexistingMounts)},
        new int[] {0, 0},
        1,
        1,
        mountMax);
  }

  /**
   * The starting state with the host's mounts at or below /mnt as well: {@code unshare -Urm}
   * copies them into the scenario's namespace as locked mounts of read-only filesystems the
   * scenario did not create. They are opaque (never in the output) but they matter before the
   * scenario covers /mnt: a directory there cannot be made (EROFS), and a plain bind of /mnt
   * would reveal them (EINVAL, has_locked_children).
   *
   * @param hostMountPoints mount points at or below /mnt, parents before children
   */
  public static MountTable initial(int mountMax, int preexistingMounts, List<String> hostMountPoints) {
    MountTable t = initial(mountMax, preexistingMounts);
    if (hostMountPoints.isEmpty()) return t;
    MountTableBuilder b = t.toBuilder();
    for (String path : hostMountPoints) b.addOpaqueLockedMount(path);
    return b.build();
  }

  /** The same state under another fs.mount-max (the limit is not part of any mount). */
  public MountTable withMountMax(int newMountMax) {
    return new MountTable(
        mounts,
        children,
        slaves,
        groupMembers,
        nextMountId,
        nextGroupId,
        superblocks,
        dentries,
        dentryIndex,
        namespaces,
        userNamespaceParent,
        currentNamespace,
        currentUserNamespace,
        newMountMax);
  }

  public MountTableBuilder toBuilder() {
    return new MountTableBuilder(this);
  }

  // ---- mounts -------------------------------------------------------------------------------

  /** The mount with this id, or null. */
  public Mount mount(int id) {
    return id > 0 && id < mounts.length ? mounts[id] : null;
  }

  public boolean exists(int id) {
    return mount(id) != null;
  }

  /** One more than the largest mount id ever allocated. */
  public int mountIdLimit() {
    return nextMountId;
  }

  /** Ids of all live mounts, in creation order. */
  public List<Integer> mountIds() {
    List<Integer> out = new ArrayList<>();
    for (int i = 1; i < nextMountId; i++) if (mounts[i] != null) out.add(i);
    return out;
  }

  public int mountCount() {
    int n = 0;
    for (int i = 1; i < nextMountId; i++) if (mounts[i] != null) n++;
    return n;
  }

  /** Child mounts in attachment order (shared array: do not modify). */
  public int[] children(int id) {
    return id < children.length ? children[id] : MountTableBuilder.NO_INTS;
  }

  /** Mounts whose master is this mount (shared array: do not modify). */
  public int[] slaves(int id) {
    return id < slaves.length ? slaves[id] : MountTableBuilder.NO_INTS;
  }

  /** Members of a peer group in ring order (shared array: do not modify). */
  public int[] groupMembers(int group) {
    return group > 0 && group < groupMembers.length ? groupMembers[group] : MountTableBuilder.NO_INTS;
  }

  /** The child mounted exactly at (parent, dentry), or 0. */
  public int lookup(int parent, int dentry) {
    for (int c : children(parent)) if (mounts[c].mountpoint() == dentry) return c;
    return 0;
  }

  /** The mount stacked on this mount's root, or 0. */
  public int overmount(int id) {
    return lookup(id, mounts[id].root());
  }

  // ---- filesystems --------------------------------------------------------------------------

  public Superblock superblock(int id) {
    return superblocks[id];
  }

  public Dentry dentry(int id) {
    return dentries[id];
  }

  /** The directory at this path of a superblock, or 0. */
  public int dentryAt(int superblock, String path) {
    return dentryIndex.getOrDefault(superblock + ":" + path, 0);
  }

  /** The child directory {@code name} of a directory, or 0. */
  public int childDentry(int dentry, String name) {
    Dentry d = dentries[dentry];
    return dentryAt(d.superblock(), d.path().equals("/") ? "/" + name : d.path() + "/" + name);
  }

  // ---- namespaces ---------------------------------------------------------------------------

  public Namespace namespace(int id) {
    return namespaces[id];
  }

  public List<Namespace> namespaces() {
    return Arrays.stream(namespaces).filter(n -> n != null).toList();
  }

  /** The namespace the scenario's shell runs in now. */
  public Namespace currentNamespace() {
    return namespaces[currentNamespace];
  }

  public int currentUserNamespace() {
    return currentUserNamespace;
  }

  /** The parent of a user namespace, 0 for the first. */
  public int userNamespaceParent(int userNs) {
    return userNamespaceParent[userNs];
  }

  public int mountMax() {
    return mountMax;
  }

  /** Peer group ids in use. */
  public List<Integer> groups() {
    List<Integer> out = new ArrayList<>();
    for (int g = 1; g < groupMembers.length; g++) if (groupMembers[g].length > 0) out.add(g);
    return out;
  }
}

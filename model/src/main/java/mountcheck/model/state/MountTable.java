package mountcheck.model.state;

import java.util.ArrayList;
import java.util.List;

/**
 * The whole modelled system at one instant: every mount, superblock and directory, every mount
 * namespace, the namespace and user namespace the scenario's shell is in, and the id counters.
 * Immutable: operations return a new table ({@link MountTableBuilder} is the working copy).
 *
 * <p>Every part is a persistent structure ({@link PersistentArray}, {@link PersistentIntArray},
 * {@link PersistentLongMap}, {@link IntRows}) shared with the tables it was made from, so an
 * operation costs O(log n) per mount, directory or list entry it changes, whatever the size of the
 * table, and every earlier table stays a valid value.
 *
 * <p>Relations are kept as indexes next to the mounts: the children of each mount, the slaves of
 * each mount ({@code mnt_slave_list}), the members of each peer group ({@code mnt_share}), the
 * child at each (parent, mountpoint) (the kernel's mount hash), and for each stack of mounts over
 * mounts' roots an identity with its bottom and top stored once, so a path walk crosses a stack of
 * any height in one step and sliding a mount under a stack's bottom costs O(1).
 */
public final class MountTable {
  final PersistentArray<Mount> mounts;
  final int mountCount;
  final IntRows children;
  final IntRows slaves;
  final IntRows groupMembers;
  final PersistentLongMap mountpoints; // (parent, dentry) -> (number attached << 32) | first
  final PersistentIntArray stackOf; // mount -> id of its stack (0: a stack of its own)
  final PersistentIntArray stackBottoms; // stack id -> its lowest mount
  final PersistentIntArray stackTops; // stack id -> its topmost mount
  final int nextStackId;
  final int nextMountId;
  final int nextGroupId;
  final PersistentArray<Superblock> superblocks; // index = superblock id (0 unused)
  final int superblockLimit;
  final PersistentIntArray superblockRoot; // superblock -> root dentry
  final PersistentArray<Dentry> dentries; // index = dentry id (0 unused)
  final int dentryLimit;
  final PersistentLongMap dentryNames; // (parent dentry, hash of name) -> a dentry with that hash
  final PersistentIntArray sameHashNext; // dentry -> next sibling whose name has the same hash
  final PersistentIntArray dentryChildren; // dentry -> how many live entries it holds
  final PersistentArray<Namespace> namespaces; // index = namespace id (0 unused)
  final PersistentIntArray namespaceMembers; // namespace -> mount records in it
  final int namespaceLimit;
  final PersistentIntArray userNamespaceParent; // index = user namespace id (0 unused)
  final int userNamespaceLimit;
  final int currentNamespace;
  final int currentUserNamespace;
  final int credentials; // the shell's user namespace; nsenter --mount keeps it
  final int mountMax;
  final boolean rootOnRootfs;
  final ShellState shell;

  MountTable(MountTableBuilder b) {
    mounts = b.mounts;
    mountCount = b.mountCount;
    children = b.children;
    slaves = b.slaves;
    groupMembers = b.groupMembers;
    mountpoints = b.mountpoints;
    stackOf = b.stackOf;
    stackBottoms = b.stackBottoms;
    stackTops = b.stackTops;
    nextStackId = b.nextStackId;
    nextMountId = b.nextMountId;
    nextGroupId = b.nextGroupId;
    superblocks = b.superblocks;
    superblockLimit = b.superblockLimit;
    superblockRoot = b.superblockRoot;
    dentries = b.dentries;
    dentryLimit = b.dentryLimit;
    dentryNames = b.dentryNames;
    sameHashNext = b.sameHashNext;
    dentryChildren = b.dentryChildren;
    namespaces = b.namespaces;
    namespaceMembers = b.namespaceMembers;
    namespaceLimit = b.namespaceLimit;
    userNamespaceParent = b.userNamespaceParent;
    userNamespaceLimit = b.userNamespaceLimit;
    currentNamespace = b.currentNamespace;
    currentUserNamespace = b.currentUserNamespace;
    credentials = b.credentials;
    mountMax = b.mountMax;
    rootOnRootfs = b.rootOnRootfs;
    shell = b.shell;
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
    return MountTableBuilder.initial(mountMax, preexistingMounts).build();
  }

  /**
   * The starting state with the host's mounts at or below /mnt as well: {@code unshare -Urm} copies
   * them into the scenario's namespace as locked mounts of read-only filesystems the scenario did
   * not create. They are opaque (never in the output) but they matter before the scenario covers
   * /mnt: a directory there cannot be made (EROFS), and a plain bind of /mnt would reveal them
   * (EINVAL, has_locked_children).
   *
   * @param hostMountPoints mount points at or below /mnt, parents before children
   */
  public static MountTable initial(
      int mountMax, int preexistingMounts, List<String> hostMountPoints) {
    MountTable t = initial(mountMax, preexistingMounts);
    if (hostMountPoints.isEmpty()) return t;
    MountTableBuilder b = t.toBuilder();
    for (String path : hostMountPoints) b.addOpaqueLockedMount(path);
    return b.build();
  }

  /** The same state under another fs.mount-max (the limit is not part of any mount). */
  public MountTable withMountMax(int newMountMax) {
    MountTableBuilder b = toBuilder();
    b.mountMax = newMountMax;
    return b.build();
  }

  public MountTableBuilder toBuilder() {
    return new MountTableBuilder(this);
  }

  // ---- mounts -------------------------------------------------------------------------------

  /** The mount with this id, or null. */
  public Mount mount(int id) {
    return id > 0 && id < nextMountId ? mounts.get(id) : null;
  }

  public boolean exists(int id) {
    return mount(id) != null;
  }

  /** One more than the largest mount id ever allocated. */
  public int mountIdLimit() {
    return nextMountId;
  }

  /** Ids of all live mounts, in creation order (O(ids ever allocated)). */
  public List<Integer> mountIds() {
    List<Integer> out = new ArrayList<>(mountCount);
    for (int i = 1; i < nextMountId; i++) if (mounts.get(i) != null) out.add(i);
    return out;
  }

  /** Live mounts, kept as a count (O(1)). */
  public int mountCount() {
    return mountCount;
  }

  /** Child mounts in attachment order (a new array). */
  public int[] children(int id) {
    return children.members(id);
  }

  public int childCount(int id) {
    return children.size(id);
  }

  /** Mounts whose master is this mount, in the order they became slaves (a new array). */
  public int[] slaves(int id) {
    return slaves.members(id);
  }

  public int slaveCount(int id) {
    return slaves.size(id);
  }

  /** The first, last, or next slave in the slave list of {@code master}, or 0. */
  public int firstSlave(int master) {
    return slaves.first(master);
  }

  public int lastSlave(int master) {
    return slaves.last(master);
  }

  /** The slave after {@code slave} in its master's slave list, or 0. */
  public int nextSlave(int slave) {
    Mount m = mount(slave);
    return m == null || m.master() == 0 ? 0 : slaves.next(m.master(), slave, false);
  }

  /** Members of a peer group in ring order (a new array). */
  public int[] groupMembers(int group) {
    return group > 0 ? groupMembers.members(group) : MountTableBuilder.NO_INTS;
  }

  public int groupSize(int group) {
    return group > 0 ? groupMembers.size(group) : 0;
  }

  /** The next mount in a shared mount's peer ring ({@code next_peer}); itself if not shared. */
  public int nextPeer(int id) {
    Mount m = mount(id);
    if (m == null || !m.shared()) return id;
    int n = groupMembers.next(m.group(), id, true);
    return n == 0 ? id : n;
  }

  /** The child mounted exactly at (parent, dentry), or 0 (first attached if several). */
  public int lookup(int parent, int dentry) {
    return (int) mountpoints.get(MountTableBuilder.slotKey(parent, dentry));
  }

  /** The mount stacked on this mount's root, or 0. */
  public int overmount(int id) {
    return lookup(id, mounts.get(id).root());
  }

  /** The topmost mount of the stack of overmounts on this mount's root ({@code id} if none). */
  public int stackTop(int id) {
    int stack = stackOf.get(id);
    return stack == 0 ? id : stackTops.get(stack);
  }

  // ---- filesystems --------------------------------------------------------------------------

  public Superblock superblock(int id) {
    return superblocks.get(id);
  }

  public Dentry dentry(int id) {
    return dentries.get(id);
  }

  /** The directory at this path of a superblock, or 0. */
  public int dentryAt(int superblock, String path) {
    return MountTableBuilder.dentryAt(
        superblockRoot, dentries, dentryNames, sameHashNext, superblock, path);
  }

  /** The child directory {@code name} of a directory, or 0. */
  public int childDentry(int dentry, String name) {
    return MountTableBuilder.childDentry(dentries, dentryNames, sameHashNext, dentry, name);
  }

  /** How many directories and files a directory holds (0: empty, rmdir may remove it). */
  public int dentryChildCount(int dentry) {
    return dentryChildren.get(dentry);
  }

  // ---- namespaces ---------------------------------------------------------------------------

  public Namespace namespace(int id) {
    return namespaces.get(id);
  }

  public List<Namespace> namespaces() {
    List<Namespace> out = new ArrayList<>();
    for (int i = 1; i < namespaceLimit; i++)
      if (namespaces.get(i) != null) out.add(namespaces.get(i));
    return out;
  }

  /** How many mounts the table holds in a namespace (O(log n)). */
  public int namespaceMembers(int ns) {
    return namespaceMembers.get(ns);
  }

  /** The namespace the scenario's shell runs in now. */
  public Namespace currentNamespace() {
    return namespaces.get(currentNamespace);
  }

  public int currentUserNamespace() {
    return currentUserNamespace;
  }

  /** The parent of a user namespace, 0 for the first. */
  public int userNamespaceParent(int userNs) {
    return userNamespaceParent.get(userNs);
  }

  public int mountMax() {
    return mountMax;
  }

  /**
   * Whether the first namespace's root mount hangs on a rootfs the model does not show (the host's
   * {@code /} is mounted on the initramfs rootfs, and {@code unshare -Urm} copies both), so that
   * pivot_root() finds the root attached; a guest's root is the rootfs itself (docs/semantics.md
   * §2.18).
   */
  public boolean rootOnRootfs() {
    return rootOnRootfs;
  }

  /** The scenario's shells: their namespaces, working directories and open files. */
  public ShellState shell() {
    return shell;
  }

  /**
   * The mount namespace whose namespace file (nsfs) is the root of mount {@code id}, or 0 when the
   * mount is not one of a namespace file.
   */
  public int namespaceOfFile(int id) {
    Mount m = mount(id);
    if (m == null || shell.nsfsSuperblock() == 0 || m.superblock() != shell.nsfsSuperblock())
      return 0;
    return ShellState.namespaceOfFileName(dentry(m.root()).name());
  }

  /** Peer group ids in use (O(group ids ever allocated)). */
  public List<Integer> groups() {
    List<Integer> out = new ArrayList<>();
    for (int g = 1; g < nextGroupId; g++) if (groupMembers.size(g) > 0) out.add(g);
    return out;
  }
}

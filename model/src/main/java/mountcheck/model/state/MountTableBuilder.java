package mountcheck.model.state;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The working copy of a {@link MountTable} inside one operation. Every mutation keeps the
 * indexes (children, slave lists, peer group members, namespace mount counts) consistent with
 * the mount records. It copies the top-level arrays once and individual lists only when they
 * change, so an operation costs what it touches plus one array copy. Never shared or kept:
 * {@link #build()} freezes it into a new immutable table.
 */
public final class MountTableBuilder {
  static final int[] NO_INTS = new int[0];

  private Mount[] mounts;
  private final IntListTable children;
  private final IntListTable slaves;
  private final IntListTable groupMembers;
  private int nextMountId;
  private int nextGroupId;
  private Superblock[] superblocks;
  private Dentry[] dentries;
  private final Map<String, Integer> frozenDentryIndex; // the table's own, reused when unchanged
  private Map<String, Integer> dentryIndex; // copied on the first mkdir
  private boolean dentriesChanged;
  private Namespace[] namespaces;
  private int[] userNamespaceParent;
  private int currentNamespace;
  private int currentUserNamespace;
  private final int mountMax;

  MountTableBuilder(MountTable t) {
    mounts = t.mounts.clone();
    children = new IntListTable(t.children, t.mounts.length);
    slaves = new IntListTable(t.slaves, t.mounts.length);
    groupMembers = new IntListTable(t.groupMembers, t.groupMembers.length);
    nextMountId = t.nextMountId;
    nextGroupId = t.nextGroupId;
    superblocks = t.superblocks;
    dentries = t.dentries;
    frozenDentryIndex = t.dentryIndex;
    dentryIndex = t.dentryIndex;
    namespaces = t.namespaces.clone();
    userNamespaceParent = t.userNamespaceParent;
    currentNamespace = t.currentNamespace;
    currentUserNamespace = t.currentUserNamespace;
    mountMax = t.mountMax;
  }

  public MountTable build() {
    return new MountTable(
        Arrays.copyOf(mounts, nextMountId),
        children.freeze(nextMountId),
        slaves.freeze(nextMountId),
        groupMembers.freeze(nextGroupId),
        nextMountId,
        nextGroupId,
        superblocks,
        dentries,
        dentriesChanged ? Map.copyOf(dentryIndex) : frozenDentryIndex,
        namespaces,
        userNamespaceParent,
        currentNamespace,
        currentUserNamespace,
        mountMax);
  }

  // ---- reading ------------------------------------------------------------------------------

  public Mount mount(int id) {
    return id > 0 && id < nextMountId ? mounts[id] : null;
  }

  public int mountIdLimit() {
    return nextMountId;
  }

  public int childCount(int id) {
    return children.size(id);
  }

  /** A copy of the children list, in attachment order. */
  public int[] children(int id) {
    return children.snapshot(id);
  }

  /** A copy of the slave list. */
  public int[] slaves(int id) {
    return slaves.snapshot(id);
  }

  public int slaveCount(int id) {
    return slaves.size(id);
  }

  /** A copy of a peer group's members, in ring order. */
  public int[] groupMembers(int group) {
    return group == 0 ? NO_INTS : groupMembers.snapshot(group);
  }

  public int groupSize(int group) {
    return group == 0 ? 0 : groupMembers.size(group);
  }

  /** The child mounted exactly at (parent, dentry), or 0. */
  public int lookup(int parent, int dentry) {
    int n = children.size(parent);
    for (int i = 0; i < n; i++) {
      int c = children.get(parent, i);
      if (mounts[c].mountpoint() == dentry) return c;
    }
    return 0;
  }

  public int overmount(int id) {
    return lookup(id, mounts[id].root());
  }

  public Superblock superblock(int id) {
    return superblocks[id];
  }

  public Dentry dentry(int id) {
    return dentries[id];
  }

  public int dentryAt(int superblock, String path) {
    return dentryIndex.getOrDefault(superblock + ":" + path, 0);
  }

  public int childDentry(int dentry, String name) {
    Dentry d = dentries[dentry];
    return dentryAt(d.superblock(), d.path().equals("/") ? "/" + name : d.path() + "/" + name);
  }

  public Namespace namespace(int id) {
    return namespaces[id];
  }

  public int currentNamespace() {
    return currentNamespace;
  }

  public int currentUserNamespace() {
    return currentUserNamespace;
  }

  public int namespaceLimit() {
    return namespaces.length;
  }

  public int mountMax() {
    return mountMax;
  }

  // ---- creating -----------------------------------------------------------------------------

  /** A new detached, private, unlocked mount of a superblock, not yet in any namespace. */
  public int newMount(int superblock, int root) {
    int id = nextMountId++;
    if (id >= mounts.length) mounts = Arrays.copyOf(mounts, Math.max(16, mounts.length * 2));
    mounts[id] = new Mount(id, superblock, root, 0, 0, 0, 0, false, false, 0);
    return id;
  }

  public int newGroupId() {
    int g = nextGroupId++;
    groupMembers.ensureCapacity(nextGroupId);
    return g;
  }

  public int newSuperblock(String fsType, String source) {
    int id = superblocks.length;
    superblocks = Arrays.copyOf(superblocks, id + 1);
    superblocks[id] = new Superblock(id, fsType, source, false, false);
    String rootKey = id + ":/";
    int d = addDentry(new Dentry(dentries.length, id, 0, "", "/"));
    dentryIndex.put(rootKey, d);
    return id;
  }

  /** Creates directory {@code name} in directory {@code parent}; returns its id. */
  public int mkdir(int parent, String name) {
    Dentry p = dentries[parent];
    String path = p.path().equals("/") ? "/" + name : p.path() + "/" + name;
    int d = addDentry(new Dentry(dentries.length, p.superblock(), parent, name, path));
    dentryIndex.put(p.superblock() + ":" + path, d);
    return d;
  }

  private int addDentry(Dentry d) {
    dentries = Arrays.copyOf(dentries, dentries.length + 1);
    dentries[d.id()] = d;
    if (!dentriesChanged) {
      dentryIndex = new HashMap<>(frozenDentryIndex);
      dentriesChanged = true;
    }
    return d.id();
  }

  public int newUserNamespace(int parent) {
    int id = userNamespaceParent.length;
    userNamespaceParent = Arrays.copyOf(userNamespaceParent, id + 1);
    userNamespaceParent[id] = parent;
    return id;
  }

  /** A new mount namespace with the given root; its count is set by the caller. */
  public int newNamespace(int userNs, int root, int mountCount) {
    int id = namespaces.length;
    namespaces = Arrays.copyOf(namespaces, id + 1);
    namespaces[id] = new Namespace(id, userNs, root, mountCount);
    return id;
  }

  public void enter(int namespace, int userNamespace) {
    currentNamespace = namespace;
    currentUserNamespace = userNamespace;
  }

  /**
   * Adds a host mount at {@code path} (at or below /mnt) to the current namespace, as the
   * kernel runner's namespace has it: an opaque read-only filesystem, locked, private, on top of
   * whatever is mounted there. Directories on the way are made in the filesystems they cross.
   */
  void addOpaqueLockedMount(String path) {
    int ns = currentNamespace;
    int m = namespaces[ns].root();
    int d = mounts[m].root();
    for (String name : path.substring(1).split("/")) {
      int next = childDentry(d, name);
      if (next == 0) next = mkdir(d, name);
      d = next;
      for (int c = lookup(m, d); c != 0; c = lookup(m, d)) {
        m = c;
        d = mounts[c].root();
      }
    }
    int sb = superblocks.length;
    superblocks = Arrays.copyOf(superblocks, sb + 1);
    superblocks[sb] = new Superblock(sb, "host", "host:" + path, true, true);
    int root = addDentry(new Dentry(dentries.length, sb, 0, "", "/"));
    dentryIndex.put(sb + ":/", root);
    int mount = newMount(sb, root);
    attach(mount, m, d);
    mounts[mount] = mounts[mount].withLocked(true).withNamespace(ns); // already counted among the pre-existing
  }

  // ---- changing -----------------------------------------------------------------------------

  /** Attaches a detached mount at (parent, mountpoint). */
  public void attach(int child, int parent, int mountpoint) {
    Mount m = mounts[child];
    if (m.parent() != 0) throw new IllegalStateException("mount " + child + " is attached");
    mounts[child] = m.withParent(parent, mountpoint);
    children.add(parent, child);
  }

  /** Detaches a mount from its parent (it keeps its subtree). */
  public void detach(int child) {
    Mount m = mounts[child];
    if (m.parent() == 0) return;
    children.remove(m.parent(), child);
    mounts[child] = m.withParent(0, 0);
  }

  /** Moves a mount into a peer group (0: out of any group). */
  public void setGroup(int id, int group) {
    Mount m = mounts[id];
    if (m.group() == group) return;
    if (m.group() != 0) groupMembers.remove(m.group(), id);
    if (group != 0) groupMembers.add(group, id);
    mounts[id] = m.withGroup(group);
  }

  /** Makes a mount the slave of {@code master} (0: not a slave). */
  public void setMaster(int id, int master) {
    Mount m = mounts[id];
    if (m.master() == master) return;
    if (m.master() != 0) slaves.remove(m.master(), id);
    if (master != 0) slaves.add(master, id);
    mounts[id] = m.withMaster(master);
  }

  public void setUnbindable(int id, boolean value) {
    mounts[id] = mounts[id].withUnbindable(value);
  }

  public void setLocked(int id, boolean value) {
    mounts[id] = mounts[id].withLocked(value);
  }

  /** Puts a mount into a namespace (0: none), keeping the namespaces' mount counts. */
  public void setNamespace(int id, int ns) {
    Mount m = mounts[id];
    if (m.namespace() == ns) return;
    if (m.namespace() != 0) adjustCount(m.namespace(), -1);
    if (ns != 0) adjustCount(ns, +1);
    mounts[id] = m.withNamespace(ns);
  }

  private void adjustCount(int ns, int delta) {
    Namespace n = namespaces[ns];
    namespaces[ns] = n.withMountCount(n.mountCount() + delta);
  }

  /**
   * Frees many mounts at once (umount_tree's victims): out of their namespaces, their parents'
   * children, their peer groups and their masters' slave lists. Every list is filtered once, so freeing a million peers of one group stays
   * linear.
   */
  public void freeAll(int[] victims) {
    boolean[] drop = new boolean[nextMountId];
    for (int v : victims) drop[v] = true;
    Set<Integer> parents = new HashSet<>();
    Set<Integer> groups = new HashSet<>();
    Set<Integer> masters = new HashSet<>();
    for (int v : victims) {
      Mount m = mounts[v];
      if (m.parent() != 0 && !drop[m.parent()]) parents.add(m.parent());
      if (m.group() != 0) groups.add(m.group());
      if (m.master() != 0 && !drop[m.master()]) masters.add(m.master());
      if (m.namespace() != 0) adjustCount(m.namespace(), -1);
    }
    for (int p : parents) children.removeAll(p, drop);
    for (int g : groups) groupMembers.removeAll(g, drop);
    for (int s : masters) slaves.removeAll(s, drop);
    for (int v : victims) {
      children.clear(v);
      slaves.clear(v);
      mounts[v] = null;
    }
  }
}

package mountcheck.model.state;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The working copy of a {@link MountTable} inside one operation. Every mutation keeps the indexes
 * (children, slave lists, peer group members, the mount hash, stacks, namespace mount counts)
 * consistent with the mount records. It starts by sharing every structure of the table it came from
 * and edits them under its own edit token: nodes it made itself are changed in place, nodes of the
 * frozen table are copied first, so an operation costs O(log n) per thing it changes. {@link
 * #build()} freezes the current contents into a table (and takes a new token, so later edits never
 * reach the frozen table).
 */
public final class MountTableBuilder {
  static final int[] NO_INTS = new int[0];
  private static final long ONE_ATTACHED = 1L << 32;

  private Object edit = new Object();

  PersistentArray<Mount> mounts;
  int mountCount;
  IntRows children;
  IntRows slaves;
  IntRows groupMembers;
  PersistentLongMap mountpoints;
  PersistentIntArray stackOf;
  PersistentIntArray stackBottoms;
  PersistentIntArray stackTops;
  int nextStackId;
  int nextMountId;
  int nextGroupId;
  PersistentArray<Superblock> superblocks;
  int superblockLimit;
  PersistentIntArray superblockRoot;
  PersistentArray<Dentry> dentries;
  int dentryLimit;
  PersistentLongMap dentryNames;
  PersistentIntArray sameHashNext;
  PersistentIntArray dentryChildren; // dentry -> how many live entries it holds
  PersistentArray<Namespace> namespaces;
  PersistentIntArray namespaceMembers; // namespace -> mount records whose namespace it is
  int namespaceLimit;
  PersistentIntArray userNamespaceParent;
  int userNamespaceLimit;
  int currentNamespace;
  int currentUserNamespace;
  int credentials;
  int mountMax;
  boolean rootOnRootfs;
  ShellState shell;

  MountTableBuilder(MountTable t) {
    mounts = t.mounts;
    mountCount = t.mountCount;
    children = t.children;
    slaves = t.slaves;
    groupMembers = t.groupMembers;
    mountpoints = t.mountpoints;
    stackOf = t.stackOf;
    stackBottoms = t.stackBottoms;
    stackTops = t.stackTops;
    nextStackId = t.nextStackId;
    nextMountId = t.nextMountId;
    nextGroupId = t.nextGroupId;
    superblocks = t.superblocks;
    superblockLimit = t.superblockLimit;
    superblockRoot = t.superblockRoot;
    dentries = t.dentries;
    dentryLimit = t.dentryLimit;
    dentryNames = t.dentryNames;
    sameHashNext = t.sameHashNext;
    dentryChildren = t.dentryChildren;
    namespaces = t.namespaces;
    namespaceMembers = t.namespaceMembers;
    namespaceLimit = t.namespaceLimit;
    userNamespaceParent = t.userNamespaceParent;
    userNamespaceLimit = t.userNamespaceLimit;
    currentNamespace = t.currentNamespace;
    currentUserNamespace = t.currentUserNamespace;
    credentials = t.credentials;
    mountMax = t.mountMax;
    rootOnRootfs = t.rootOnRootfs;
    shell = t.shell;
  }

  private MountTableBuilder(int mountMax) {
    this.mountMax = mountMax;
  }

  /**
   * The mounts a guest's namespace starts with (StartingState.GUEST_MOUNTS: the initramfs rootfs,
   * /proc and /dev): the one starting state whose root is the rootfs itself, with no parent.
   */
  static final int GUEST_INIT_MOUNTS = 3;

  /**
   * The same on a kernel that mounts the rootfs on nullfs (StartingState.NULLFS_GUEST_MOUNTS). A
   * host namespace holds far more mounts than either guest count.
   */
  static final int NULLFS_GUEST_INIT_MOUNTS = 4;

  /** See {@link MountTable#initial(int, int)}. */
  static MountTableBuilder initial(int mountMax, int preexistingMounts) {
    MountTableBuilder b = new MountTableBuilder(mountMax);
    b.mounts = PersistentArray.empty();
    b.children = IntRows.EMPTY;
    b.slaves = IntRows.EMPTY;
    b.groupMembers = IntRows.EMPTY;
    b.mountpoints = PersistentLongMap.EMPTY;
    b.stackOf = PersistentIntArray.EMPTY;
    b.stackBottoms = PersistentIntArray.EMPTY;
    b.stackTops = PersistentIntArray.EMPTY;
    b.nextStackId = 1;
    b.nextMountId = 1;
    b.nextGroupId = 1;
    b.superblocks = PersistentArray.empty();
    b.superblockLimit = 1;
    b.superblockRoot = PersistentIntArray.EMPTY;
    b.dentries = PersistentArray.empty();
    b.dentryLimit = 1;
    b.dentryNames = PersistentLongMap.EMPTY;
    b.sameHashNext = PersistentIntArray.EMPTY;
    b.dentryChildren = PersistentIntArray.EMPTY;
    b.namespaces = PersistentArray.empty();
    b.namespaceMembers = PersistentIntArray.EMPTY;
    b.namespaceLimit = 1;
    b.userNamespaceParent = PersistentIntArray.EMPTY;
    b.userNamespaceLimit = 2; // user namespace 1, whose parent is 0
    b.shell = ShellState.INITIAL;
    b.rootOnRootfs = preexistingMounts != GUEST_INIT_MOUNTS;
    int rootFs = b.addSuperblock(new Superblock(1, "rootfs", "rootfs", true, true, 0));
    int slash = b.superblockRoot.get(rootFs);
    b.mkdir(slash, "mnt");
    int root = b.newMount(rootFs, slash);
    b.newNamespace(1, root, preexistingMounts);
    // the runner's "mount -o remount,bind,ro /" in a namespace that unshare -Urm copied from the
    // host's: read-only, and its atime mode locked by lock_mnt_tree(). A guest's root is the
    // initramfs rootfs, which init_mount_tree() mounts from inside the kernel with no flag, so
    // its atime mode is strictatime, not mount(2)'s default relatime: "mount --bind -o relatime
    // /mnt /mnt" there is EPERM (can_change_locked_flags(); seen on 5.10, 6.1, 6.12 and 7.2).
    boolean guest =
        preexistingMounts == GUEST_INIT_MOUNTS || preexistingMounts == NULLFS_GUEST_INIT_MOUNTS;
    MountAttributes inherited = guest ? MountAttributes.INTERNAL : MountAttributes.DEFAULT;
    b.mounts =
        b.mounts.with(
            root,
            b.mount(root)
                .withNamespace(1)
                .withAttributes(inherited.withReadOnly(true))
                .withAttributeLocks(AttributeLocks.NONE.lockedFor(inherited)),
            b.edit);
    b.countMember(1, +1);
    b.enter(1, 1);
    return b;
  }

  public MountTable build() {
    MountTable t = new MountTable(this);
    edit = new Object(); // the table's nodes are frozen from now on
    return t;
  }

  static long slotKey(int parent, int dentry) {
    return ((long) parent << 32) | (dentry & 0xffffffffL);
  }

  private static long nameKey(int parentDentry, String name) {
    return ((long) parentDentry << 32) | (name.hashCode() & 0xffffffffL);
  }

  static int childDentry(
      PersistentArray<Dentry> dentries,
      PersistentLongMap names,
      PersistentIntArray next,
      int dentry,
      String name) {
    for (int d = (int) names.get(nameKey(dentry, name)); d != 0; d = next.get(d)) {
      if (dentries.get(d).name().equals(name)) return d;
    }
    return 0;
  }

  static int dentryAt(
      PersistentIntArray roots,
      PersistentArray<Dentry> dentries,
      PersistentLongMap names,
      PersistentIntArray next,
      int superblock,
      String path) {
    int d = superblock > 0 ? roots.get(superblock) : 0;
    int from = 1;
    while (d != 0 && from < path.length()) {
      int slash = path.indexOf('/', from);
      int end = slash < 0 ? path.length() : slash;
      if (end > from) d = childDentry(dentries, names, next, d, path.substring(from, end));
      from = end + 1;
    }
    return d;
  }

  // ---- reading ------------------------------------------------------------------------------

  public Mount mount(int id) {
    return id > 0 && id < nextMountId ? mounts.get(id) : null;
  }

  public int mountIdLimit() {
    return nextMountId;
  }

  public int mountCount() {
    return mountCount;
  }

  public int childCount(int id) {
    return children.size(id);
  }

  /** The first child in attachment order, or 0. */
  public int firstChild(int id) {
    return children.first(id);
  }

  /** A copy of the children list, in attachment order. */
  public int[] children(int id) {
    return children.members(id);
  }

  /** A copy of the slave list. */
  public int[] slaves(int id) {
    return slaves.members(id);
  }

  public int slaveCount(int id) {
    return slaves.size(id);
  }

  /** A copy of a peer group's members, in ring order. */
  public int[] groupMembers(int group) {
    return group == 0 ? NO_INTS : groupMembers.members(group);
  }

  public int groupSize(int group) {
    return group == 0 ? 0 : groupMembers.size(group);
  }

  /** The child mounted exactly at (parent, dentry), or 0 (the first attached if several). */
  public int lookup(int parent, int dentry) {
    return (int) mountpoints.get(slotKey(parent, dentry));
  }

  public int overmount(int id) {
    return lookup(id, mounts.get(id).root());
  }

  /** The topmost mount of the stack of overmounts on this mount's root ({@code id} if none). */
  public int stackTop(int id) {
    int stack = stackOf.get(id);
    return stack == 0 ? id : stackTops.get(stack);
  }

  public Superblock superblock(int id) {
    return superblocks.get(id);
  }

  public Dentry dentry(int id) {
    return dentries.get(id);
  }

  public int dentryAt(int superblock, String path) {
    return dentryAt(superblockRoot, dentries, dentryNames, sameHashNext, superblock, path);
  }

  public int childDentry(int dentry, String name) {
    return childDentry(dentries, dentryNames, sameHashNext, dentry, name);
  }

  /** How many directories and files a directory holds (0: empty, rmdir may remove it). */
  public int dentryChildCount(int dentry) {
    return dentryChildren.get(dentry);
  }

  public Namespace namespace(int id) {
    return namespaces.get(id);
  }

  public int currentNamespace() {
    return currentNamespace;
  }

  public int currentUserNamespace() {
    return currentUserNamespace;
  }

  public int namespaceLimit() {
    return namespaceLimit;
  }

  public int mountMax() {
    return mountMax;
  }

  /** The scenario's shells: their namespaces, working directories and open files. */
  public ShellState shell() {
    return shell;
  }

  public void setShell(ShellState newShell) {
    shell = newShell;
  }

  /**
   * The superblock of nsfs, made on first use, and the namespace file of mount namespace {@code ns}
   * in it (a regular file; mountinfo shows it as {@code mnt:[INODE]}).
   */
  public int namespaceFile(int ns) {
    if (shell.nsfsSuperblock() == 0) {
      // nsfs is mounted once, by the kernel, in the initial user namespace
      int sb = addSuperblock(new Superblock(superblockLimit, "nsfs", "nsfs", false, false, 0));
      shell = shell.withNsfsSuperblock(sb);
    }
    int root = superblockRoot.get(shell.nsfsSuperblock());
    String name = ShellState.namespaceFileName(ns);
    int d = childDentry(root, name);
    return d != 0 ? d : mkfile(root, name);
  }

  // ---- creating -----------------------------------------------------------------------------

  /** A new detached, private, unlocked mount of a superblock, not yet in any namespace. */
  public int newMount(int superblock, int root) {
    int id = nextMountId++;
    mounts = mounts.with(id, new Mount(id, superblock, root, 0, 0, 0, 0, false, false, 0), edit);
    mountCount++;
    return id;
  }

  /**
   * A new detached mount that is already in peer group {@code group} and a slave of {@code master}
   * (0: none): {@link #newMount(int, int)} with {@link #setGroup}, {@link #setMaster} and {@link
   * #setUnbindable} in one write, as copy_tree() makes one per mount it copies.
   */
  public int newMount(int superblock, int root, int group, int master, boolean unbindable) {
    return newMount(
        superblock, root, group, master, unbindable, MountAttributes.DEFAULT, AttributeLocks.NONE);
  }

  /**
   * {@link #newMount(int, int, int, int, boolean)} with the attributes and attribute locks
   * clone_mnt() copies from the original ({@code mnt_flags}).
   */
  public int newMount(
      int superblock,
      int root,
      int group,
      int master,
      boolean unbindable,
      MountAttributes attributes,
      AttributeLocks locks) {
    int id = nextMountId++;
    mounts =
        mounts.with(
            id,
            new Mount(
                id, superblock, root, 0, 0, group, master, unbindable, false, 0, attributes, locks),
            edit);
    mountCount++;
    if (group != 0) groupMembers = groupMembers.add(group, id, edit);
    if (master != 0) slaves = slaves.add(master, id, edit);
    return id;
  }

  /**
   * {@link #newMount(int, int, int, int, boolean)} made already attached at (parent, mountpoint)
   * and locked or not, with the original's attributes: what copy_tree() makes for each mount below
   * the copied root, written once.
   */
  public int newAttachedMount(
      int superblock,
      int root,
      int group,
      int master,
      boolean unbindable,
      boolean locked,
      int parent,
      int mountpoint,
      MountAttributes attributes,
      AttributeLocks locks) {
    int id = nextMountId++;
    mounts =
        mounts.with(
            id,
            new Mount(
                id,
                superblock,
                root,
                parent,
                mountpoint,
                group,
                master,
                unbindable,
                locked,
                0,
                attributes,
                locks),
            edit);
    mountCount++;
    if (group != 0) groupMembers = groupMembers.add(group, id, edit);
    if (master != 0) slaves = slaves.add(master, id, edit);
    enterSlot(id, parent, mountpoint);
    return id;
  }

  public int newGroupId() {
    return nextGroupId++;
  }

  public int newSuperblock(String fsType, String source) {
    return newSuperblock(fsType, source, false);
  }

  /**
   * A new filesystem instance, read-only or not (MS_RDONLY at mount time), owned by the user
   * namespace of the shell's credentials (fs_context's user_ns: the caller's, whatever mount
   * namespace it acts in).
   */
  public int newSuperblock(String fsType, String source, boolean readOnly) {
    return addSuperblock(
        new Superblock(superblockLimit, fsType, source, readOnly, false, credentials));
  }

  private int addSuperblock(Superblock sb) {
    int id = superblockLimit++;
    superblocks = superblocks.with(id, sb, edit);
    int root = addDentry(new Dentry(dentryLimit, id, 0, "", "/", false));
    superblockRoot = superblockRoot.with(id, root, edit);
    return id;
  }

  /** Creates directory {@code name} in directory {@code parent}; returns its id. */
  public int mkdir(int parent, String name) {
    return makeDentry(parent, name, false);
  }

  /** Creates the empty regular file {@code name} in directory {@code parent}; returns its id. */
  public int mkfile(int parent, String name) {
    return makeDentry(parent, name, true);
  }

  private int makeDentry(int parent, String name, boolean file) {
    Dentry p = dentries.get(parent);
    String path = p.path().equals("/") ? "/" + name : p.path() + "/" + name;
    int d = addDentry(new Dentry(dentryLimit, p.superblock(), parent, name, path, file));
    long key = nameKey(parent, name);
    int sameHash = (int) dentryNames.get(key);
    if (sameHash != 0) sameHashNext = sameHashNext.with(d, sameHash, edit);
    dentryNames = dentryNames.with(key, d, edit);
    dentryChildren = dentryChildren.with(parent, dentryChildren.get(parent) + 1, edit);
    return d;
  }

  /**
   * Removes an empty directory from its parent (vfs_rmdir, then d_delete): it can no longer be
   * found by name, its parent holds one entry less, and it is marked removed ({@link
   * Dentry#asDeleted()}) for the mounts that still have it as their root. The id is never reused: a
   * later mkdir of the same path makes a new dentry.
   */
  public void removeDentry(int d) {
    Dentry dentry = dentries.get(d);
    if (dentry.deleted() || dentry.parent() == 0)
      throw new IllegalStateException("dentry " + d + " cannot be removed");
    if (dentryChildren.get(d) != 0) throw new IllegalStateException("dentry " + d + " not empty");
    long key = nameKey(dentry.parent(), dentry.name());
    int first = (int) dentryNames.get(key);
    int next = sameHashNext.get(d);
    if (first == d) {
      dentryNames = next == 0 ? dentryNames.without(key, edit) : dentryNames.with(key, next, edit);
    } else {
      int before = first;
      while (sameHashNext.get(before) != d) before = sameHashNext.get(before);
      sameHashNext = sameHashNext.with(before, next, edit);
    }
    if (next != 0) sameHashNext = sameHashNext.with(d, 0, edit);
    int parent = dentry.parent();
    dentryChildren = dentryChildren.with(parent, dentryChildren.get(parent) - 1, edit);
    dentries = dentries.with(d, dentry.asDeleted(), edit);
  }

  private int addDentry(Dentry d) {
    dentries = dentries.with(d.id(), d, edit);
    dentryLimit = d.id() + 1;
    return d.id();
  }

  public int newUserNamespace(int parent) {
    int id = userNamespaceLimit++;
    userNamespaceParent = userNamespaceParent.with(id, parent, edit);
    return id;
  }

  /** A new mount namespace with the given root; its count is set by the caller. */
  public int newNamespace(int userNs, int root, int mountCount) {
    int id = namespaceLimit++;
    namespaces = namespaces.with(id, new Namespace(id, userNs, root, mountCount, false, 0), edit);
    return id;
  }

  /**
   * A new anonymous namespace holding the detached tree rooted at {@code root} (its mounts join
   * it): the one open_tree(OPEN_TREE_CLONE) and fsmount() make.
   */
  public int newAnonymousNamespace(int userNs, int root, int origin) {
    int id = namespaceLimit++;
    namespaces = namespaces.with(id, new Namespace(id, userNs, root, 0, true, origin), edit);
    return id;
  }

  /** Forgets a namespace that was torn down (its mounts are gone; its id is never reused). */
  public void dropNamespace(int id) {
    if (namespaceMembers.get(id) != 0)
      throw new IllegalStateException("namespace " + id + " still holds mounts");
    namespaces = namespaces.with(id, null, edit);
  }

  /** The shell moves to {@code namespace}, with credentials in {@code userNamespace}. */
  public void enter(int namespace, int userNamespace) {
    currentNamespace = namespace;
    currentUserNamespace = userNamespace;
    credentials = userNamespace;
  }

  /**
   * A shell goes on in {@code namespace} with credentials in {@code credentials}, which need not
   * own it (a shell that {@code unshare -Ur} started): the operations act there and see its owner.
   */
  public void resume(int namespace, int credentials) {
    currentNamespace = namespace;
    currentUserNamespace = namespaces.get(namespace).userNamespace();
    this.credentials = credentials;
  }

  /**
   * may_mount(): whether the shell's credentials have CAP_SYS_ADMIN over the user namespace that
   * owns the namespace it acts in (false in a shell that {@code unshare -Ur} started).
   */
  public boolean mayMount() {
    return capable(currentUserNamespace);
  }

  /**
   * setns() into a mount namespace alone (nsenter --mount): the operations act there, and the user
   * namespace that owns it is the one propagation and locks look at (current's
   * nsproxy->mnt_ns->user_ns), but the credentials stay those of the shell.
   */
  public void setMountNamespace(int namespace, int ownerUserNamespace) {
    currentNamespace = namespace;
    currentUserNamespace = ownerUserNamespace;
  }

  /** The user namespace of the shell's credentials (not changed by nsenter --mount). */
  public int credentials() {
    return credentials;
  }

  /** Whether the shell's credentials have CAP_SYS_ADMIN over user namespace {@code owner}. */
  public boolean capable(int owner) {
    for (int u = owner; u != 0; u = userNamespaceParent.get(u)) if (u == credentials) return true;
    return false;
  }

  /**
   * Adds a host mount at {@code path} (at or below /mnt) to the current namespace, as the kernel
   * runner's namespace has it: an opaque read-only filesystem, locked, private, on top of whatever
   * is mounted there. Directories on the way are made in the filesystems they cross.
   */
  void addOpaqueLockedMount(String path) {
    int ns = currentNamespace;
    int m = namespaces.get(ns).root();
    int d = mount(m).root();
    for (String name : path.substring(1).split("/")) {
      int next = childDentry(d, name);
      if (next == 0) next = mkdir(d, name);
      d = next;
      int c = lookup(m, d);
      if (c != 0) {
        m = stackTop(c);
        d = mount(m).root();
      }
    }
    int sb = addSuperblock(new Superblock(superblockLimit, "host", "host:" + path, true, true, 0));
    int mount = newMount(sb, superblockRoot.get(sb));
    attach(mount, m, d);
    // already counted among the pre-existing mounts
    // read-only, and its attributes locked as copy_mnt_ns() locks what it copies into a new user
    // namespace
    MountAttributes readOnly = MountAttributes.DEFAULT.withReadOnly(true);
    mounts =
        mounts.with(
            mount,
            mount(mount)
                .withLocked(true)
                .withNamespace(ns)
                .withAttributes(readOnly)
                .withAttributeLocks(AttributeLocks.NONE.lockedFor(readOnly)),
            edit);
    countMember(ns, +1);
  }

  // ---- changing -----------------------------------------------------------------------------

  /** pivot_root(): {@code mount} becomes the root of namespace {@code ns}. */
  public void setNamespaceRoot(int ns, int mount) {
    Namespace n = namespaces.get(ns);
    namespaces =
        namespaces.with(
            ns,
            new Namespace(
                n.id(), n.userNamespace(), mount, n.mountCount(), n.anonymous(), n.origin()),
            edit);
  }

  public boolean rootOnRootfs() {
    return rootOnRootfs;
  }

  /** Attaches a detached mount at (parent, mountpoint). */
  public void attach(int child, int parent, int mountpoint) {
    Mount m = mount(child);
    if (m.parent() != 0) throw new IllegalStateException("mount " + child + " is attached");
    mounts = mounts.with(child, m.withParent(parent, mountpoint), edit);
    enterSlot(child, parent, mountpoint);
  }

  /** The index part of attaching: the parent's children, the mount hash and the stacks. */
  private void enterSlot(int child, int parent, int mountpoint) {
    children = children.add(parent, child, edit);
    long key = slotKey(parent, mountpoint);
    long slot = mountpoints.get(key);
    if (slot == 0) {
      mountpoints = mountpoints.with(key, ONE_ATTACHED | child, edit);
      // the parent was the top of its stack (nothing was on its root): the child's stack goes on it
      if (mountpoint == mount(parent).root()) joinStacks(parent, child);
    } else {
      // a second mount at the same place, for the moment (propagation tucks the first away)
      mountpoints = mountpoints.with(key, slot + ONE_ATTACHED, edit);
    }
  }

  /**
   * Moves an attached mount, with its subtree and the mounts stacked on it, to (parent,
   * mountpoint): detach and attach in one step. Tucking (a copy slides under a mount of any stack
   * by moving that mount onto the copy's top) costs what the copy's own stack holds, not what the
   * stack it slides into holds.
   */
  public void move(int child, int parent, int mountpoint) {
    Mount m = mount(child);
    if (m.parent() == 0) {
      attach(child, parent, mountpoint);
      return;
    }
    int oldParent = m.parent();
    boolean onRoot = m.mountpoint() == mount(oldParent).root();
    children = children.remove(oldParent, child, edit);
    boolean wasFound = leaveHash(m);
    int next = wasFound ? lookup(oldParent, m.mountpoint()) : 0; // found there from now on
    // the child's record is written once, at its new place: nothing below reads its parent
    mounts = mounts.with(child, m.withParent(parent, mountpoint), edit);
    if (wasFound
        && onRoot
        && next != 0
        && mountpoint == mount(parent).root()
        && stackTop(next) == parent) {
      // the tuck in the middle of a stack: next's stack slides in under the child, which keeps
      // its place in its own stack
      children = children.add(parent, child, edit);
      mountpoints = mountpoints.with(slotKey(parent, mountpoint), ONE_ATTACHED | child, edit);
      insertStackBelow(next, parent, child);
      return;
    }
    if (wasFound && onRoot) splitStack(oldParent, child);
    if (next != 0 && onRoot) joinStacks(oldParent, next);
    enterSlot(child, parent, mountpoint);
  }

  /** Detaches a mount from its parent (it keeps its subtree and the mounts stacked on it). */
  public void detach(int child) {
    Mount m = mount(child);
    if (m.parent() == 0) return;
    int parent = m.parent();
    children = children.remove(parent, child, edit);
    mounts = mounts.with(child, m.withParent(0, 0), edit);
    if (!leaveHash(m) || m.mountpoint() != mount(parent).root()) return;
    splitStack(parent, child);
    int next = lookup(parent, m.mountpoint());
    if (next != 0) joinStacks(parent, next);
  }

  /** The mount hash part of leaving a place; true when m was the mount found there. */
  private boolean leaveHash(Mount m) {
    long key = slotKey(m.parent(), m.mountpoint());
    long slot = mountpoints.get(key);
    int count = (int) (slot >>> 32);
    int first = (int) slot;
    if (count <= 1) {
      mountpoints = mountpoints.without(key, edit);
    } else if (first != m.id()) {
      mountpoints = mountpoints.with(key, slot - ONE_ATTACHED, edit);
    } else {
      int next = children.first(m.parent());
      while (next != 0 && mount(next).mountpoint() != m.mountpoint())
        next = children.next(m.parent(), next, false);
      mountpoints = mountpoints.with(key, ((long) (count - 1) << 32) | next, edit);
    }
    return first == m.id();
  }

  // ---- stacks of overmounts -----------------------------------------------------------------
  //
  // A stack is a chain of mounts each found on the root of the one below it (the mount the hash
  // gives for (parent, parent's root)). Every stack of two or more mounts has an id; its bottom
  // and top are stored once, under the id, and each member records the id. A mount alone is a
  // stack of its own (id 0). So sliding a mount under a stack's bottom, or putting one on its top,
  // costs O(1); joining or cutting two stacks that both hold several mounts relabels the shorter
  // part, found by walking both parts in step (O(shorter part)).

  private void label(int mount, int stack) {
    if (stackOf.get(mount) != stack) stackOf = stackOf.with(mount, stack, edit);
  }

  private void setBottom(int stack, int mount) {
    stackBottoms = stackBottoms.with(stack, mount, edit);
  }

  private void setTop(int stack, int mount) {
    stackTops = stackTops.with(stack, mount, edit);
  }

  /** Labels {@code from} and the mounts stacked above it, up to {@code to}, with {@code stack}. */
  private void labelUpwards(int from, int to, int stack) {
    for (int y = from; ; y = overmount(y)) {
      label(y, stack);
      if (y == to) return;
    }
  }

  /** Labels {@code from} and the mounts below it, down to {@code to}, with {@code stack}. */
  private void labelDownwards(int from, int to, int stack) {
    for (int y = from; ; y = mount(y).parent()) {
      label(y, stack);
      if (y == to) return;
    }
  }

  /**
   * {@code upper}, the bottom of its stack, has just become the mount found on the root of {@code
   * lower}, the top of its stack: the two stacks become one.
   */
  private void joinStacks(int lower, int upper) {
    int below = stackOf.get(lower);
    int above = stackOf.get(upper);
    if (below == 0 && above == 0) {
      int stack = nextStackId++;
      label(lower, stack);
      label(upper, stack);
      setBottom(stack, lower);
      setTop(stack, upper);
    } else if (below == 0) { // a mount slides under the bottom of a stack
      label(lower, above);
      setBottom(above, lower);
    } else if (above == 0) { // a mount goes on the top of a stack
      label(upper, below);
      setTop(below, upper);
    } else {
      int top = stackTops.get(above);
      int bottom = stackBottoms.get(below);
      for (int up = upper, down = lower; ; up = overmount(up), down = mount(down).parent()) {
        if (up == top) { // the upper stack is not the longer one
          labelUpwards(upper, top, below);
          setTop(below, top);
          return;
        }
        if (down == bottom) {
          labelDownwards(lower, bottom, above);
          setBottom(above, bottom);
          return;
        }
      }
    }
  }

  /**
   * {@code upper} (with what is stacked on it) no longer continues the stack of {@code lower}, the
   * mount it was found on: the stack is cut between them.
   */
  private void splitStack(int lower, int upper) {
    int stack = stackOf.get(upper);
    int top = stackTops.get(stack);
    int bottom = stackBottoms.get(stack);
    for (int up = upper, down = lower; ; up = overmount(up), down = mount(down).parent()) {
      if (up == top) { // the upper part is not the longer one: it gets a new id
        int upperStack = upper == top ? 0 : nextStackId++;
        labelUpwards(upper, top, upperStack);
        if (upperStack != 0) {
          setBottom(upperStack, upper);
          setTop(upperStack, top);
        }
        if (lower == bottom) label(lower, 0);
        else setTop(stack, lower);
        return;
      }
      if (down == bottom) {
        int lowerStack = lower == bottom ? 0 : nextStackId++;
        labelDownwards(lower, bottom, lowerStack);
        if (lowerStack != 0) {
          setBottom(lowerStack, bottom);
          setTop(lowerStack, lower);
        }
        setBottom(stack, upper);
        return;
      }
    }
  }

  /**
   * Tucking in the middle of a stack: the stack from {@code bottom} to {@code top} (not part of any
   * other stack yet) now sits between {@code upper} and the mount it was found on, which is now
   * {@code bottom}'s parent. Costs the height of the inserted stack.
   */
  private void insertStackBelow(int bottom, int top, int upper) {
    labelUpwards(bottom, top, stackOf.get(upper)); // the inserted stack's own id is retired
  }

  /** Moves a mount into a peer group (0: out of any group). */
  public void setGroup(int id, int group) {
    Mount m = mount(id);
    if (m.group() == group) return;
    if (m.group() != 0) groupMembers = groupMembers.remove(m.group(), id, edit);
    if (group != 0) groupMembers = groupMembers.add(group, id, edit);
    mounts = mounts.with(id, m.withGroup(group), edit);
  }

  /**
   * Puts a mount that is in no peer group into {@code group}, right after {@code peer} in the ring
   * (do_set_group(): the new member follows the source in its peer list).
   */
  public void joinGroupAfter(int id, int group, int peer) {
    Mount m = mount(id);
    if (m.group() != 0) groupMembers = groupMembers.remove(m.group(), id, edit);
    groupMembers = groupMembers.insertAfter(group, id, peer, edit);
    mounts = mounts.with(id, m.withGroup(group), edit);
  }

  /**
   * Makes a mount that is no slave a slave of {@code master}, right after {@code sibling} in the
   * master's slave list (do_set_group() with a slave source).
   */
  public void joinSlavesAfter(int id, int master, int sibling) {
    Mount m = mount(id);
    if (m.master() != 0) slaves = slaves.remove(m.master(), id, edit);
    slaves = slaves.insertAfter(master, id, sibling, edit);
    mounts = mounts.with(id, m.withMaster(master), edit);
  }

  /** Makes a mount the slave of {@code master} (0: not a slave). */
  public void setMaster(int id, int master) {
    Mount m = mount(id);
    if (m.master() == master) return;
    if (m.master() != 0) slaves = slaves.remove(m.master(), id, edit);
    if (master != 0) slaves = slaves.add(master, id, edit);
    mounts = mounts.with(id, m.withMaster(master), edit);
  }

  public void setUnbindable(int id, boolean value) {
    Mount m = mount(id);
    if (m.unbindable() != value) mounts = mounts.with(id, m.withUnbindable(value), edit);
  }

  public void setAttributes(int id, MountAttributes value) {
    Mount m = mount(id);
    if (!m.attributes().equals(value)) mounts = mounts.with(id, m.withAttributes(value), edit);
  }

  public void setAttributeLocks(int id, AttributeLocks value) {
    Mount m = mount(id);
    if (!m.attributeLocks().equals(value))
      mounts = mounts.with(id, m.withAttributeLocks(value), edit);
  }

  /** Replaces superblock {@code id} (its read-only state after a remount). */
  public void setSuperblock(Superblock value) {
    superblocks = superblocks.with(value.id(), value, edit);
  }

  public void setLocked(int id, boolean value) {
    Mount m = mount(id);
    if (m.locked() != value) mounts = mounts.with(id, m.withLocked(value), edit);
  }

  /** Puts a mount into a namespace (0: none), keeping the namespaces' mount counts. */
  public void setNamespace(int id, int ns) {
    Mount m = mount(id);
    if (m.namespace() == ns) return;
    if (m.namespace() != 0) adjustCount(m.namespace(), -1);
    if (ns != 0) adjustCount(ns, +1);
    mounts = mounts.with(id, m.withNamespace(ns), edit);
  }

  /**
   * Puts every mount of {@code tree} into namespace {@code ns} ({@link #setNamespace} for each),
   * changing the namespace counts once per namespace a mount comes from rather than once per mount.
   */
  public void setNamespace(int[] tree, int ns) {
    int joined = 0;
    for (int id : tree) {
      Mount m = mount(id);
      if (m.namespace() == ns) continue;
      if (m.namespace() != 0) adjustCount(m.namespace(), -1);
      if (ns != 0) joined++;
      mounts = mounts.with(id, m.withNamespace(ns), edit);
    }
    if (joined != 0) adjustCount(ns, joined);
  }

  /** Mount count and member count of a namespace change together (a mount joins or leaves). */
  private void adjustCount(int ns, int delta) {
    Namespace n = namespaces.get(ns);
    namespaces = namespaces.with(ns, n.withMountCount(n.mountCount() + delta), edit);
    countMember(ns, delta);
  }

  private void countMember(int ns, int delta) {
    namespaceMembers = namespaceMembers.with(ns, namespaceMembers.get(ns) + delta, edit);
  }

  /**
   * How many mounts the table holds in a namespace (its mount count less the pre-existing mounts
   * the model does not represent one by one), in O(log n).
   */
  public int namespaceMembers(int ns) {
    return namespaceMembers.get(ns);
  }

  /** {@code lower} becomes the top of its stack: everything above it is being freed. */
  private void cutStackBelow(int lower) {
    int stack = stackOf.get(lower);
    if (stack == 0) return;
    if (stackBottoms.get(stack) == lower) label(lower, 0);
    else setTop(stack, lower);
  }

  /**
   * Frees many mounts at once (umount_tree's victims): out of their namespaces, their parents'
   * children and the mount hash, their peer groups and their masters' slave lists. Each victim
   * costs O(log n), so freeing a million peers of one group stays O(n log n).
   */
  public void freeAll(int[] victims) {
    int[] sorted = victims.clone();
    Arrays.sort(sorted);
    for (int v : sorted) {
      Mount m = mount(v);
      if (m.parent() != 0 && Arrays.binarySearch(sorted, m.parent()) < 0) {
        children = children.remove(m.parent(), v, edit);
      }
      if (m.group() != 0) groupMembers = groupMembers.remove(m.group(), v, edit);
      if (m.master() != 0 && Arrays.binarySearch(sorted, m.master()) < 0) {
        slaves = slaves.remove(m.master(), v, edit);
      }
      if (m.namespace() != 0) adjustCount(m.namespace(), -1);
    }
    // out of the mount hash first; a victim found on a survivor's root cuts the survivor's stack
    // there (what was stacked on the victim goes with it)
    List<Mount> left = new ArrayList<>();
    for (int v : sorted) {
      Mount m = mount(v);
      if (m.parent() == 0) continue;
      if (Arrays.binarySearch(sorted, m.parent()) >= 0) {
        mountpoints = mountpoints.without(slotKey(m.parent(), m.mountpoint()), edit);
      } else if (leaveHash(m) && m.mountpoint() == mount(m.parent()).root()) {
        cutStackBelow(m.parent());
        left.add(m);
      }
    }
    for (int v : sorted) {
      children = children.clear(v, edit);
      slaves = slaves.clear(v, edit);
      mounts = mounts.with(v, null, edit);
      label(v, 0);
      mountCount--;
    }
    // a mount that was second at a victim's place is found there now and continues that stack
    for (Mount m : left) {
      int next = lookup(m.parent(), m.mountpoint());
      if (next != 0) joinStacks(m.parent(), next);
    }
  }
}

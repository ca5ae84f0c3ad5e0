package mountcheck.model.state;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the scenario's shells hold, beyond the mount tree: each shell's working directory and open
 * descriptors, the files behind them, mounts that a lazy umount detached while something still held
 * them, and the namespaces kept alive by namespace files (docs/semantics.md §2.11).
 *
 * <p>The current shell is the innermost one; {@code unshare -m} without a command starts a new
 * shell and the earlier ones wait in {@link #outer()}. A new shell inherits its parent's descriptor
 * table: the same open files (one {@code struct file} each, one reference to its mount however many
 * tables point at it), while copy_mnt_ns() moves its working directory to the copy of the mount in
 * the new namespace. The waiting shells keep their own working directories and descriptors.
 *
 * @param outer the waiting shells, outermost first
 * @param cwdMount the current shell's working directory's mount, 0 at the namespace root
 * @param cwdDentry the directory within that mount
 * @param fds the current shell's descriptors 0..9: the open file on each, 0 if closed
 * @param files every open file: file id to the mount it was opened on
 * @param nextFile the next file id
 * @param detached mounts taken out of their namespace by a lazy umount (or teardown) while held:
 *     mount id to the namespace its namespace file pins (0 when it is not one), alive until the
 *     last holder lets go
 * @param nsfsSuperblock the superblock of nsfs once a namespace file was made, else 0
 * @param named namespaces made by {@code unshare --mount=FILE} and not yet torn down
 * @param names the current shell's named descriptors ({@code mountfd} lines): they move into a new
 *     shell ({@link #enter}), so the waiting shells' {@link Frame}s hold none
 * @param root the current shell's root ({@link Root#NAMESPACE_ROOT} until it changes; the model
 *     refuses a new shell, nsenter, cd and exec after a change, so the waiting shells' roots are
 *     always their namespaces' roots)
 * @param writers the open files opened for writing ({@code exec N<>PATH}), file id to the
 *     superblock of its mount (kept for a mount that a lazy umount detached): each holds write
 *     access to its mount (mnt_want_write() at open, FMODE_WRITER, dropped at the last close),
 *     which a change to read-only must wait for (mnt_hold_writers(), docs/semantics.md §2.19)
 */
public record ShellState(
    List<Frame> outer,
    int cwdMount,
    int cwdDentry,
    List<Integer> fds,
    Map<Integer, Integer> files,
    int nextFile,
    Map<Integer, Integer> detached,
    int nsfsSuperblock,
    List<Integer> named,
    Map<String, DescriptorHandle> names,
    Root root,
    Map<Integer, Integer> writers) {

  /**
   * The current shell's root directory (docs/semantics.md §2.18): where its absolute paths start
   * and what its mountinfo is relative to. {@link #NAMESPACE_ROOT} until a {@code chroot} or {@code
   * pivot_root} line; then the mount and directory the executor made its root (and its working
   * directory), which hold a reference to that mount as an open file does.
   */
  public record Root(int mount, int dentry) {
    public static final Root NAMESPACE_ROOT = new Root(0, 0);

    public boolean changed() {
      return mount != 0;
    }
  }

  /** Descriptors a shell's table has (0-2 are never used by scenarios). */
  public static final int DESCRIPTORS = 10;

  /** The /proc/self/ns/mnt inode numbers start here in the model (the kernel's proc_inum range). */
  private static final long FIRST_INODE = 4026531840L;

  /** A waiting shell: its namespace, user namespace, working directory and descriptor table. */
  public record Frame(
      int namespace,
      int userNamespace,
      int cwdMount,
      int cwdDentry,
      List<Integer> fds,
      Map<String, DescriptorHandle> names) {
    public Frame {
      fds = List.copyOf(fds);
      names = Collections.unmodifiableMap(new LinkedHashMap<>(names));
    }
  }

  static final ShellState INITIAL =
      new ShellState(
          List.of(),
          0,
          0,
          Collections.nCopies(DESCRIPTORS, 0),
          Map.of(),
          1,
          Map.of(),
          0,
          List.of(),
          Map.of(),
          Root.NAMESPACE_ROOT,
          Map.of());

  public ShellState {
    outer = List.copyOf(outer);
    fds = List.copyOf(fds);
    files = Collections.unmodifiableMap(new LinkedHashMap<>(files));
    detached = Collections.unmodifiableMap(new LinkedHashMap<>(detached));
    named = List.copyOf(named);
    names = Collections.unmodifiableMap(new LinkedHashMap<>(names));
    writers = Collections.unmodifiableMap(new LinkedHashMap<>(writers));
  }

  /** The name of namespace {@code ns}'s file in nsfs, as mountinfo prints its root. */
  public static String namespaceFileName(int ns) {
    return "mnt:[" + (FIRST_INODE + ns) + "]";
  }

  /** The namespace a name of {@link #namespaceFileName} stands for, or 0. */
  public static int namespaceOfFileName(String name) {
    if (!name.startsWith("mnt:[") || !name.endsWith("]")) return 0;
    return (int) (Long.parseLong(name.substring(5, name.length() - 1)) - FIRST_INODE);
  }

  /** How many references the shells hold on a mount: open files on it and working directories. */
  public int references(int mount) {
    if (mount == 0) return 0;
    int n = 0;
    for (int m : files.values()) if (m == mount) n++;
    if (cwdMount == mount) n++;
    if (root.mount() == mount) n++;
    for (Frame f : outer) if (f.cwdMount() == mount) n++;
    return n;
  }

  /** How many open files hold write access to {@code mount} (mnt_get_writers()). */
  public int writers(int mount) {
    int n = 0;
    for (int file : writers.keySet()) if (mount != 0 && files.getOrDefault(file, 0) == mount) n++;
    return n;
  }

  /**
   * Whether an open file holds write access to a mount of superblock {@code sb}, attached or
   * detached (sb->s_mounts lists both).
   */
  public boolean superblockHasWriters(int sb) {
    return writers.containsValue(sb);
  }

  /** Every mount some shell holds. */
  public Set<Integer> heldMounts() {
    Set<Integer> out = new HashSet<>(files.values());
    if (cwdMount != 0) out.add(cwdMount);
    if (root.changed()) out.add(root.mount());
    for (Frame f : outer) if (f.cwdMount() != 0) out.add(f.cwdMount());
    return out;
  }

  /** True when nothing is held and no namespace file was ever made (the plain language). */
  public boolean idle() {
    return files.isEmpty()
        && names.isEmpty()
        && cwdMount == 0
        && !root.changed()
        && detached.isEmpty()
        && named.isEmpty()
        && outer.stream().allMatch(f -> f.cwdMount() == 0);
  }

  /** The shell's root after a {@code chroot} or {@code pivot_root}. */
  public ShellState withRoot(Root newRoot) {
    return new ShellState(
        outer,
        cwdMount,
        cwdDentry,
        fds,
        files,
        nextFile,
        detached,
        nsfsSuperblock,
        named,
        names,
        newRoot,
        writers);
  }

  public ShellState withCwd(int mount, int dentry) {
    return new ShellState(
        outer,
        mount,
        dentry,
        fds,
        files,
        nextFile,
        detached,
        nsfsSuperblock,
        named,
        names,
        root,
        writers);
  }

  /** {@code exec N<PATH}: a new open file on {@code mount} at descriptor N (closing N first). */
  public ShellState open(int fd, int mount) {
    return open(fd, mount, 0);
  }

  /**
   * {@code exec N<>PATH}: a new open file on {@code mount}, of superblock {@code superblock}, at
   * descriptor N (closing N first), a writer of the mount; {@code superblock} 0 opens read-only.
   */
  public ShellState open(int fd, int mount, int superblock) {
    ShellState closed = close(fd);
    Map<Integer, Integer> w = new LinkedHashMap<>(closed.writers);
    if (superblock != 0) w.put(closed.nextFile, superblock);
    List<Integer> table = new ArrayList<>(closed.fds);
    table.set(fd, closed.nextFile);
    Map<Integer, Integer> f = new LinkedHashMap<>(closed.files);
    f.put(closed.nextFile, mount);
    return new ShellState(
        outer,
        cwdMount,
        cwdDentry,
        table,
        f,
        closed.nextFile + 1,
        detached,
        nsfsSuperblock,
        named,
        names,
        root,
        w);
  }

  /**
   * {@code exec N<&-}: the current shell's descriptor N closes; its file goes with the last one.
   */
  public ShellState close(int fd) {
    if (fds.get(fd) == 0) return this;
    List<Integer> table = new ArrayList<>(fds);
    table.set(fd, 0);
    return new ShellState(
            outer,
            cwdMount,
            cwdDentry,
            table,
            files,
            nextFile,
            detached,
            nsfsSuperblock,
            named,
            names,
            root,
            writers)
        .withoutUnusedFiles();
  }

  /**
   * A new shell with its working directory at (cwdMount, cwdDentry). The named descriptors move
   * into it: they are one descriptor table that follows the shell, as for a process that calls
   * unshare(2) (the executor that holds them follows the shell, docs/language.md); the waiting
   * shell, which never runs again, keeps none.
   */
  public ShellState enter(
      int oldNamespace, int oldUserNamespace, int newCwdMount, int newCwdDentry) {
    List<Frame> o = new ArrayList<>(outer);
    o.add(new Frame(oldNamespace, oldUserNamespace, cwdMount, cwdDentry, fds, Map.of()));
    return new ShellState(
        o,
        newCwdMount,
        newCwdDentry,
        fds,
        files,
        nextFile,
        detached,
        nsfsSuperblock,
        named,
        names,
        root,
        writers);
  }

  /** The current shell exits and the one that started it goes on. */
  public ShellState leave() {
    if (outer.isEmpty()) throw new IllegalStateException("the first shell has no shell before it");
    Frame f = outer.get(outer.size() - 1);
    return new ShellState(
            outer.subList(0, outer.size() - 1),
            f.cwdMount(),
            f.cwdDentry(),
            f.fds(),
            files,
            nextFile,
            detached,
            nsfsSuperblock,
            named,
            f.names(),
            Root.NAMESPACE_ROOT,
            writers)
        .withoutUnusedFiles();
  }

  /**
   * The first shell exits, the last one left (exit_files(), exit_fs()): its descriptors close and
   * its working directory goes; a detached mount nobody else holds is freed.
   */
  public ShellState firstShellExits() {
    if (!outer.isEmpty()) throw new IllegalStateException("nested shells are still running");
    return new ShellState(
            outer,
            0,
            0,
            Collections.nCopies(DESCRIPTORS, 0),
            files,
            nextFile,
            detached,
            nsfsSuperblock,
            named,
            Map.of(),
            Root.NAMESPACE_ROOT,
            writers)
        .withoutUnusedFiles();
  }

  /**
   * A {@code mountfd} line's new descriptor NAME: a new open file on {@code mount} at {@code
   * dentry} (closing what NAME held first), dissolving {@code tree} when it closes (0: nothing).
   */
  public ShellState openNamed(String name, int mount, int dentry, int tree) {
    ShellState closed = closeNamed(name);
    Map<Integer, Integer> f = new LinkedHashMap<>(closed.files);
    f.put(closed.nextFile, mount);
    Map<String, DescriptorHandle> n = new LinkedHashMap<>(closed.names);
    n.put(name, new MountDescriptor(closed.nextFile, dentry, tree));
    return new ShellState(
        outer,
        cwdMount,
        cwdDentry,
        fds,
        f,
        closed.nextFile + 1,
        detached,
        nsfsSuperblock,
        named,
        n,
        root,
        writers);
  }

  /** {@code mountfd close NAME}: the descriptor closes, its file with it (nothing if not held). */
  public ShellState closeNamed(String name) {
    if (!names.containsKey(name)) return this;
    Map<String, DescriptorHandle> n = new LinkedHashMap<>(names);
    n.remove(name);
    return new ShellState(
            outer,
            cwdMount,
            cwdDentry,
            fds,
            files,
            nextFile,
            detached,
            nsfsSuperblock,
            named,
            n,
            root,
            writers)
        .withoutUnusedFiles();
  }

  /**
   * A {@code mountfd} line's new descriptor NAME on something that is no mount of the scenario (a
   * filesystem context, a user namespace, an internal file), closing what NAME held first.
   */
  public ShellState openHandle(String name, DescriptorHandle handle) {
    if (handle instanceof MountDescriptor)
      throw new IllegalArgumentException("a mount descriptor opens with openNamed");
    ShellState closed = closeNamed(name);
    Map<String, DescriptorHandle> n = new LinkedHashMap<>(closed.names);
    n.put(name, handle);
    return new ShellState(
        outer,
        cwdMount,
        cwdDentry,
        fds,
        files,
        nextFile,
        detached,
        nsfsSuperblock,
        named,
        n,
        root,
        writers);
  }

  /** The filesystem context NAME holds, changed by fsconfig() or fsmount() (the same file). */
  public ShellState withContext(String name, FsContext context) {
    if (!(names.get(name) instanceof FsContext))
      throw new IllegalArgumentException(name + " holds no filesystem context");
    Map<String, DescriptorHandle> n = new LinkedHashMap<>(names);
    n.put(name, context);
    return new ShellState(
        outer,
        cwdMount,
        cwdDentry,
        fds,
        files,
        nextFile,
        detached,
        nsfsSuperblock,
        named,
        n,
        root,
        writers);
  }

  /** The anonymous namespaces some named descriptor of any shell dissolves when it closes. */
  public Set<Integer> ownedTrees() {
    Set<Integer> out = new HashSet<>();
    for (DescriptorHandle d : names.values())
      if (d instanceof MountDescriptor m && m.tree() != 0) out.add(m.tree());
    for (Frame f : outer)
      for (DescriptorHandle d : f.names().values())
        if (d instanceof MountDescriptor m && m.tree() != 0) out.add(m.tree());
    return out;
  }

  /** The waiting shell that {@link #leave} returns to, or null for the first shell. */
  public Frame parent() {
    return outer.isEmpty() ? null : outer.get(outer.size() - 1);
  }

  /** The namespaces the shells are in (a namespace with a shell in it stays alive). */
  public Set<Integer> shellNamespaces(int current) {
    Set<Integer> out = new HashSet<>();
    out.add(current);
    for (Frame f : outer) out.add(f.namespace());
    return out;
  }

  public ShellState withDetached(Map<Integer, Integer> newDetached) {
    return new ShellState(
        outer,
        cwdMount,
        cwdDentry,
        fds,
        files,
        nextFile,
        newDetached,
        nsfsSuperblock,
        named,
        names,
        root,
        writers);
  }

  /** Detached mounts whose last holder has gone are freed. */
  public ShellState withoutFreedDetached() {
    Set<Integer> held = heldMounts();
    Map<Integer, Integer> d = new LinkedHashMap<>();
    for (Map.Entry<Integer, Integer> e : detached.entrySet())
      if (held.contains(e.getKey())) d.put(e.getKey(), e.getValue());
    return d.size() == detached.size() ? this : withDetached(d);
  }

  public ShellState withNamed(List<Integer> newNamed) {
    return new ShellState(
        outer,
        cwdMount,
        cwdDentry,
        fds,
        files,
        nextFile,
        detached,
        nsfsSuperblock,
        newNamed,
        names,
        root,
        writers);
  }

  ShellState withNsfsSuperblock(int sb) {
    return new ShellState(
        outer, cwdMount, cwdDentry, fds, files, nextFile, detached, sb, named, names, root,
        writers);
  }

  private ShellState withoutUnusedFiles() {
    Set<Integer> used = new HashSet<>(fds);
    for (DescriptorHandle d : names.values())
      if (d instanceof MountDescriptor m) used.add(m.file());
    for (Frame f : outer) {
      used.addAll(f.fds());
      for (DescriptorHandle d : f.names().values())
        if (d instanceof MountDescriptor m) used.add(m.file());
    }
    Map<Integer, Integer> f = new LinkedHashMap<>();
    for (Map.Entry<Integer, Integer> e : files.entrySet())
      if (used.contains(e.getKey())) f.put(e.getKey(), e.getValue());
    Map<Integer, Integer> w = new LinkedHashMap<>(writers);
    w.keySet().retainAll(f.keySet());
    ShellState s =
        f.size() == files.size()
            ? this
            : new ShellState(
                outer,
                cwdMount,
                cwdDentry,
                fds,
                f,
                nextFile,
                detached,
                nsfsSuperblock,
                named,
                names,
                root,
                w);
    return s.withoutFreedDetached();
  }
}

package mountcheck.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import mountcheck.kernel.SystemCall.Argument;
import mountcheck.kernel.SystemCall.Descriptor;
import mountcheck.kernel.SystemCall.Int;
import mountcheck.kernel.SystemCall.MountAttr;
import mountcheck.kernel.SystemCall.MountinfoFlags;
import mountcheck.kernel.SystemCall.Null;
import mountcheck.kernel.SystemCall.Text;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.ChangeRoot;
import mountcheck.model.ops.ChangeRootToDescriptor;
import mountcheck.model.ops.ChangeType;
import mountcheck.model.ops.CloseDescriptor;
import mountcheck.model.ops.DescriptorName;
import mountcheck.model.ops.FsConfig;
import mountcheck.model.ops.FsMount;
import mountcheck.model.ops.FsOpen;
import mountcheck.model.ops.MakeDirectoryAt;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MakeFiles;
import mountcheck.model.ops.MountAttribute;
import mountcheck.model.ops.MountSetattr;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Move;
import mountcheck.model.ops.MoveMount;
import mountcheck.model.ops.OpenTree;
import mountcheck.model.ops.OpenUserNamespace;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.PivotRoot;
import mountcheck.model.ops.Propagation;
import mountcheck.model.ops.Remount;
import mountcheck.model.ops.RemoveDirs;
import mountcheck.model.ops.Umount;

/**
 * The system calls a scenario line must make on a kernel, derived from its parsed {@link Operation}
 * (not from the executor): what util-linux 2.38's mount(8) and umount(8) call for the line (seen
 * with strace), the calls of the fd-based mount API a {@code mountfd} line names, and coreutils'
 * per-path work for {@code mkdir -p}, {@code touch} and {@code rmdir}. The dry run of the resident
 * executor ({@code perl syscalls.pl explain}) must plan exactly these (docs/architecture.md §4.1).
 * Lines that bash runs itself ({@code unshare}, {@code exec}, {@code cd}, {@code nsenter}) make no
 * call of the executor.
 */
public final class ExpectedCalls {
  /** What the dry run prints for a line that bash runs itself. */
  public static final String SHELL = "shell";

  // mount(2) flags, include/uapi/linux/mount.h
  private static final long MS_RDONLY = 1;
  private static final long MS_NOSUID = 2;
  private static final long MS_NODEV = 4;
  private static final long MS_NOEXEC = 8;
  private static final long MS_REMOUNT = 32;
  private static final long MS_NOSYMFOLLOW = 256;
  private static final long MS_NOATIME = 1024;
  private static final long MS_NODIRATIME = 2048;
  private static final long MS_BIND = 4096;
  private static final long MS_MOVE = 8192;
  private static final long MS_REC = 16384;
  private static final long MS_RELATIME = 1L << 21;
  private static final long MS_STRICTATIME = 1L << 24;

  /** libmount's MNT_BIND_SETTABLE (util-linux 2.38): every flag above but MS_STRICTATIME. */
  private static final long BIND_SETTABLE =
      MS_RDONLY
          | MS_NOSUID
          | MS_NODEV
          | MS_NOEXEC
          | MS_NOATIME
          | MS_NODIRATIME
          | MS_RELATIME
          | MS_NOSYMFOLLOW;

  private static final Map<Propagation, Long> MS_PROPAGATION =
      Map.of(
          Propagation.UNBINDABLE, 1L << 17,
          Propagation.PRIVATE, 1L << 18,
          Propagation.SLAVE, 1L << 19,
          Propagation.SHARED, 1L << 20);

  // umount2(2): MNT_DETACH, include/linux/fs.h
  private static final long MNT_DETACH = 2;

  // include/uapi/linux/fcntl.h, include/uapi/asm-generic/fcntl.h (O_CLOEXEC is 02000000)
  private static final long AT_FDCWD = -100;
  private static final long AT_EMPTY_PATH = 0x1000;
  private static final long AT_RECURSIVE = 0x8000;
  private static final long O_CLOEXEC = 0x80000;
  // mkdirat(2)'s mode: 0755
  private static final long MKDIR_MODE = 0755;

  // the fd-based mount API, include/uapi/linux/mount.h
  private static final long OPEN_TREE_CLONE = 1;
  private static final long OPEN_TREE_NAMESPACE = 2;
  private static final long MOVE_MOUNT_F_EMPTY_PATH = 0x4;
  private static final long MOVE_MOUNT_T_EMPTY_PATH = 0x40;
  private static final Map<MoveMount.Flag, Long> MOVE_MOUNT_FLAG =
      Map.of(
          MoveMount.Flag.NONE, 0L,
          MoveMount.Flag.SET_GROUP, 0x100L,
          MoveMount.Flag.BENEATH, 0x200L);
  private static final long FSOPEN_CLOEXEC = 1;
  private static final long FSCONFIG_SET_STRING = 1;
  private static final long FSCONFIG_CMD_CREATE = 6;
  private static final long FSMOUNT_CLOEXEC = 1;
  private static final long MOUNT_ATTR_SIZE_VER0 = 32;
  private static final Map<MountAttribute, Long> MOUNT_ATTR =
      Map.ofEntries(
          Map.entry(MountAttribute.RO, 0x1L),
          Map.entry(MountAttribute.NOSUID, 0x2L),
          Map.entry(MountAttribute.NODEV, 0x4L),
          Map.entry(MountAttribute.NOEXEC, 0x8L),
          Map.entry(MountAttribute.RELATIME, 0x0L),
          Map.entry(MountAttribute.NOATIME, 0x10L),
          Map.entry(MountAttribute.STRICTATIME, 0x20L),
          Map.entry(MountAttribute.NODIRATIME, 0x80L),
          Map.entry(MountAttribute.IDMAP, 0x100000L),
          Map.entry(MountAttribute.ATIME, 0x70L),
          Map.entry(MountAttribute.NOSYMFOLLOW, 0x200000L));

  /** The flag each -o word sets (the word) or clears (its "no"-less or "no"-ful opposite). */
  private static final Map<String, Long> SETS =
      Map.of(
          "ro", MS_RDONLY,
          "nosuid", MS_NOSUID,
          "nodev", MS_NODEV,
          "noexec", MS_NOEXEC,
          "noatime", MS_NOATIME,
          "relatime", MS_RELATIME,
          "strictatime", MS_STRICTATIME,
          "nodiratime", MS_NODIRATIME,
          "nosymfollow", MS_NOSYMFOLLOW);

  private static final Map<String, Long> CLEARS =
      Map.of(
          "rw", MS_RDONLY,
          "suid", MS_NOSUID,
          "dev", MS_NODEV,
          "exec", MS_NOEXEC,
          "atime", MS_NOATIME,
          "norelatime", MS_RELATIME,
          "nostrictatime", MS_STRICTATIME,
          "diratime", MS_NODIRATIME,
          "symfollow", MS_NOSYMFOLLOW);

  private static final Argument NULL = new Null();

  private ExpectedCalls() {}

  /**
   * The lines the dry run prints under {@code op}'s line: {@link #SHELL} for a line bash runs, else
   * each call's {@link SystemCall#text()}.
   */
  public static List<String> explained(Operation op) {
    if (!Executor.runsInExecutor(op)) return List.of(SHELL);
    return of(op).stream().map(SystemCall::text).toList();
  }

  /** The calls the executor makes for {@code op}, in order; none for a line bash runs. */
  public static List<SystemCall> of(Operation op) {
    if (op instanceof MakeDirs d) return perPath("mkdir_parents", d.paths());
    if (op instanceof MakeFiles f) return perPath("touch", f.paths());
    if (op instanceof RemoveDirs r) return perPath("rmdir", r.paths());
    if (op instanceof Umount u)
      return List.of(SystemCall.of("umount2", text(u.target()), num(u.lazy() ? MNT_DETACH : 0)));
    if (op instanceof MountTmpfs t)
      return List.of(mount(text(t.source()), t.target(), text("tmpfs"), setFlags(t.options())));
    if (op instanceof Move m)
      return List.of(mount(text(m.source()), m.target(), text("none"), MS_MOVE));
    if (op instanceof ChangeType c)
      return List.of(
          mount(
              text("none"),
              c.target(),
              NULL,
              MS_PROPAGATION.get(c.type()) | (c.recursive() ? MS_REC : 0)));
    if (op instanceof Bind b) return bind(b);
    if (op instanceof Remount r) return List.of(remount(r));
    // coreutils' chroot: chroot(2) and chdir("/") (the executor's change_root); util-linux's
    // pivot_root: pivot_root(2) on the paths as given (docs/semantics.md §2.18)
    if (op instanceof ChangeRoot c) return List.of(SystemCall.of("change_root", text(c.path())));
    if (op instanceof PivotRoot p)
      return List.of(SystemCall.of("pivot_root", text(p.newRoot()), text(p.putOld())));
    return mountfd(op);
  }

  /**
   * {@code mount --bind|--rbind [-o OPTS] SRC DST}: the bind with the flags OPTS set, then, when
   * they set one of libmount's bind-settable flags (not MS_STRICTATIME alone), a remount of DST
   * alone with all of them (util-linux 2.38, observed with strace).
   */
  private static List<SystemCall> bind(Bind b) {
    long set = setFlags(b.options());
    long flags = MS_BIND | (b.recursive() ? MS_REC : 0) | set;
    List<SystemCall> out = new ArrayList<>();
    out.add(mount(text(b.source()), b.target(), text("none"), flags));
    if ((set & BIND_SETTABLE) != 0)
      out.add(mount(text("none"), b.target(), NULL, MS_REMOUNT | flags));
    return out;
  }

  /**
   * {@code mount -o remount[,bind],OPTS PATH}: libmount starts from the mount's current per-mount
   * flags in mountinfo and applies the words over them, in order.
   */
  private static SystemCall remount(Remount r) {
    long set = 0;
    long clear = 0;
    for (String w : r.options()) {
      if (SETS.containsKey(w)) {
        set |= SETS.get(w);
        clear &= ~SETS.get(w);
      } else {
        clear |= CLEARS.get(w);
        set &= ~CLEARS.get(w);
      }
    }
    long base = MS_REMOUNT | (r.bind() ? MS_BIND : 0);
    return SystemCall.of(
        "mount",
        text("none"),
        text(r.target()),
        NULL,
        new MountinfoFlags(r.target(), set | base, clear),
        NULL);
  }

  /** A {@code mountfd} line's one call. */
  private static List<SystemCall> mountfd(Operation op) {
    if (op instanceof OpenTree o) {
      long flags =
          O_CLOEXEC
              | (isEmpty(o.source()) ? AT_EMPTY_PATH : 0)
              | (o.copy() ? OPEN_TREE_CLONE : 0)
              | (o.namespace() ? OPEN_TREE_NAMESPACE : 0)
              | (o.recursive() ? AT_RECURSIVE : 0);
      return List.of(
          SystemCall.of("open_tree", dirfd(o.source()), path(o.source()), num(flags))
              .keeping(o.name()));
    }
    if (op instanceof MoveMount m) {
      long flags =
          (isEmpty(m.from()) ? MOVE_MOUNT_F_EMPTY_PATH : 0)
              | (isEmpty(m.to()) ? MOVE_MOUNT_T_EMPTY_PATH : 0)
              | MOVE_MOUNT_FLAG.get(m.flag());
      return List.of(
          SystemCall.of(
              "move_mount",
              dirfd(m.from()),
              path(m.from()),
              dirfd(m.to()),
              path(m.to()),
              num(flags)));
    }
    if (op instanceof MountSetattr s) {
      long flags = (isEmpty(s.target()) ? AT_EMPTY_PATH : 0) | (s.recursive() ? AT_RECURSIVE : 0);
      long propagation =
          (s.propagation() == null ? 0 : MS_PROPAGATION.get(s.propagation()))
              | s.unknown().propagation();
      return List.of(
          SystemCall.of(
              "mount_setattr",
              dirfd(s.target()),
              path(s.target()),
              num(flags),
              new MountAttr(
                  attributes(s.set()) | s.unknown().set(),
                  attributes(s.clear()) | s.unknown().clear(),
                  propagation,
                  s.userns()),
              num(MOUNT_ATTR_SIZE_VER0)));
    }
    // mountfd userns: the caller's own user namespace opened, or a new one that the executor's
    // child makes (new_userns: unshare(CLONE_NEWUSER), the id maps, open of its ns/user)
    if (op instanceof OpenUserNamespace u)
      return List.of(
          (u.self()
                  ? SystemCall.of("open", text("/proc/self/ns/user"), num(O_CLOEXEC))
                  : SystemCall.of("new_userns"))
              .keeping(u.name()));
    if (op instanceof FsOpen f)
      return List.of(
          SystemCall.of("fsopen", text(f.fsType()), num(FSOPEN_CLOEXEC)).keeping(f.name()));
    if (op instanceof FsConfig c)
      return List.of(
          c.create()
              ? SystemCall.of(
                  "fsconfig", fd(c.name()), num(FSCONFIG_CMD_CREATE), NULL, NULL, num(0))
              : SystemCall.of(
                  "fsconfig",
                  fd(c.name()),
                  num(FSCONFIG_SET_STRING),
                  text("source"),
                  text(c.source()),
                  num(0)));
    if (op instanceof FsMount m)
      return List.of(
          SystemCall.of(
                  "fsmount", fd(m.context()), num(FSMOUNT_CLOEXEC), num(attributes(m.attributes())))
              .keeping(m.name()));
    if (op instanceof CloseDescriptor c)
      return List.of(SystemCall.of("close", fd(c.name())).forgetting(c.name()));
    // mountfd chroot NAME: fchdir(2) to the descriptor, then chroot(".") (docs/semantics.md §2.18)
    if (op instanceof ChangeRootToDescriptor c)
      return List.of(SystemCall.of("fchdir", fd(c.name())), SystemCall.of("chroot", text(".")));
    // mountfd mkdirat: one mkdirat(2), mode 0755 as the selftests make their directories
    if (op instanceof MakeDirectoryAt m)
      return List.of(
          SystemCall.of("mkdirat", dirfd(m.target()), path(m.target()), num(MKDIR_MODE)));
    throw new IllegalArgumentException("no call of the executor: " + op.toCommand());
  }

  private static List<SystemCall> perPath(String call, List<String> paths) {
    return paths.stream().map(p -> SystemCall.of(call, text(p))).toList();
  }

  private static SystemCall mount(Argument source, String target, Argument type, long flags) {
    return SystemCall.of("mount", source, text(target), type, num(flags), NULL);
  }

  /** The flags a -o list leaves set when applied from none (a mount or a bind). */
  private static long setFlags(List<String> words) {
    long flags = 0;
    for (String w : words)
      flags = SETS.containsKey(w) ? flags | SETS.get(w) : flags & ~CLEARS.get(w);
    return flags;
  }

  private static long attributes(Set<MountAttribute> attributes) {
    long bits = 0;
    for (MountAttribute a : attributes) bits |= MOUNT_ATTR.get(a);
    return bits;
  }

  private static boolean isPath(String pathOrName) {
    return pathOrName.startsWith("/");
  }

  /** A bare name: its descriptor with an empty path and the call's EMPTY_PATH flag. */
  private static boolean isEmpty(String pathOrName) {
    return DescriptorName.isName(pathOrName);
  }

  /**
   * A path is resolved from AT_FDCWD; a name is its descriptor with an empty path; NAME/REL is the
   * descriptor with the relative path.
   */
  private static Argument dirfd(String pathOrName) {
    return isPath(pathOrName) ? num(AT_FDCWD) : fd(DescriptorName.descriptorOf(pathOrName));
  }

  private static Argument path(String pathOrName) {
    if (isPath(pathOrName)) return text(pathOrName);
    return text(isEmpty(pathOrName) ? "" : DescriptorName.relativePart(pathOrName));
  }

  private static Argument num(long value) {
    return new Int(value);
  }

  private static Argument text(String value) {
    return new Text(value);
  }

  private static Argument fd(String name) {
    return new Descriptor(name);
  }
}

package mountcheck.model.semantics;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import mountcheck.model.events.ChangeLog;
import mountcheck.model.events.StepChanges;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.ChangeDirectory;
import mountcheck.model.ops.ChangeRoot;
import mountcheck.model.ops.ChangeRootToDescriptor;
import mountcheck.model.ops.ChangeType;
import mountcheck.model.ops.CloseDescriptor;
import mountcheck.model.ops.FsConfig;
import mountcheck.model.ops.FsMount;
import mountcheck.model.ops.FsOpen;
import mountcheck.model.ops.HoldFile;
import mountcheck.model.ops.MakeDirectoryAt;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MakeFiles;
import mountcheck.model.ops.MountSetattr;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Move;
import mountcheck.model.ops.MoveMount;
import mountcheck.model.ops.Nsenter;
import mountcheck.model.ops.OpenTree;
import mountcheck.model.ops.OpenUserNamespace;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.PersistNamespace;
import mountcheck.model.ops.PivotRoot;
import mountcheck.model.ops.ReleaseFile;
import mountcheck.model.ops.Remount;
import mountcheck.model.ops.RemoveDirs;
import mountcheck.model.ops.Umount;
import mountcheck.model.ops.Unshare;
import mountcheck.model.ops.UnshareUser;
import mountcheck.model.state.Dentry;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTable;
import mountcheck.model.state.MountTableBuilder;
import mountcheck.model.state.Namespace;
import mountcheck.model.state.ShellState;
import mountcheck.model.umount.Generations;
import mountcheck.model.umount.UmountAlgorithm;

/**
 * The model's transition function: {@code apply(state, op)} is a new state or an errno, with no
 * side effect. Semantics are by default those of Linux 6.18 as docs/semantics.md §2 describes; a
 * {@link RuleSet} (a kernel's {@link KernelRule}s and any {@link PlantedBug}) switches the rules
 * that differ, and the umount propagation generation is a parameter.
 */
public final class Model {
  private final UmountAlgorithm umount;
  private final KernelProfile profile;
  private final RuleSet rules; // the profile's rules and any planted bug

  /** The model's own rules ({@link KernelProfile#BASELINE}) with this umount generation. */
  public Model(UmountAlgorithm umount) {
    this(umount, KernelProfile.BASELINE);
  }

  /** A kernel's rules with this umount generation (which may differ from the profile's). */
  public Model(UmountAlgorithm umount, KernelProfile profile) {
    this(umount, profile, profile.ruleSet());
  }

  private Model(UmountAlgorithm umount, KernelProfile profile, RuleSet rules) {
    this.umount = umount;
    this.profile = profile;
    this.rules = rules;
  }

  /** The semantics of one kernel series: its umount generation and its rules. */
  public static Model forKernel(KernelProfile profile) {
    return new Model(Generations.byName(profile.umountGeneration()).orElseThrow(), profile);
  }

  /** This model with a known bug planted in its semantics. */
  public Model withPlantedBug(PlantedBug planted) {
    return new Model(umount, profile, rules.with(planted));
  }

  /** The semantics of the kernel the model follows. */
  public KernelProfile profile() {
    return profile;
  }

  /** The rules in force: the kernel's and any planted bug. */
  public RuleSet rules() {
    return rules;
  }

  /** The planted bug, if any. */
  public Optional<PlantedBug> plantedBug() {
    return rules.plantedBug();
  }

  /**
   * What propagate_umount is given for this umount: the state after do_umount's checks and
   * propagate_mount_unlock(), and U (the target's subtree, preorder); or the errno the command
   * fails with before getting there.
   */
  public Result<UmountTree.Input> umountInput(MountTable state, Umount op) {
    return UmountTree.prepare(
        state,
        state.currentNamespace().id(),
        op.target(),
        op.lazy(),
        rules.has(KernelRule.DETACHED_PEER_HIDES_SLAVES),
        ChangeLog.disabled());
  }

  /**
   * The mount namespace that the namespace file at {@code file} holds, seen from the shell's
   * namespace, or empty when {@code file} is not a namespace file's mount.
   */
  public static Optional<Integer> namespaceHeldBy(MountTable state, String file) {
    return NamespaceFiles.heldBy(state, file);
  }

  /** Linux 6.17 and later: the 2025 umount propagation rule (Al Viro's rewrite, f0d0ba19985d). */
  public static Model linux() {
    return new Model(Generations.byName(Generations.DEFAULT).orElseThrow());
  }

  public UmountAlgorithm umountAlgorithm() {
    return umount;
  }

  public Result<MountTable> apply(MountTable state, Operation op) {
    return apply(state, op, ChangeLog.disabled());
  }

  /** An operation's outcome together with the mount events and counter touches it caused. */
  public record Observed(Result<MountTable> result, StepChanges changes) {}

  /**
   * {@link #apply} that also records what watchers see: the events of every mount the operation
   * attached, detached or moved, per namespace, and the touches of the change counters (a failing
   * operation can touch them too: a busy umount bumps the global counter).
   */
  public Observed observe(MountTable state, Operation op) {
    ChangeLog log = ChangeLog.recording();
    Result<MountTable> r = apply(state, op, log);
    MountTable after = r instanceof Result.Ok<MountTable> ok ? ok.value() : state;
    return new Observed(r, reported(log.changes(), state, after));
  }

  /**
   * The changes a watcher can see: none in a detached tree's anonymous namespace, which no mark can
   * name (mnt_notify_add() queues a mount only for a namespace with marks; docs/semantics.md §2.13
   * rule 7). Such a namespace exists before or after the step that changes it.
   */
  private static StepChanges reported(StepChanges changes, MountTable before, MountTable after) {
    return changes.withoutEventsIn(ns -> anonymous(before, ns) || anonymous(after, ns));
  }

  private static boolean anonymous(MountTable t, int ns) {
    Namespace n = ns > 0 ? t.namespace(ns) : null;
    return n != null && n.anonymous();
  }

  /**
   * The scenario's innermost shell exits: its namespace is torn down (put_mnt_ns() runs
   * umount_tree(root, 0): every mount of the namespace leaves it, with no umount propagation), and
   * the shell that started it, in the namespace before it, goes on. Each mount is detached and the
   * namespace touched, as for a umount; the global counter is not bumped.
   *
   * @throws IllegalStateException for the first namespace, which has no shell before it
   */
  public Observed teardown(MountTable state) {
    int ns = state.currentNamespace().id();
    ShellState.Frame parent = state.shell().parent();
    if (parent == null)
      throw new IllegalStateException("the first namespace has no shell before it");
    ChangeLog log = ChangeLog.recording();
    MountTableBuilder left = state.toBuilder();
    left.setShell(state.shell().leave());
    left.resume(parent.namespace(), parent.userNamespace());
    // a shell that unshare -Ur started leaves its namespace to the shell before it
    MountTable after =
        parent.namespace() == ns ? left.build() : UmountTree.tearDown(left.build(), ns, log);
    after = FdMountCalls.dissolveUnowned(after, log); // the exiting shell's executor closes
    MountTable collected = NamespaceFiles.collect(after, log);
    return new Observed(Result.ok(collected), reported(log.changes(), state, collected));
  }

  /**
   * The end of the first namespace (the runner's {@code unshare -Urm} shell exits, the last one):
   * the events and touches of its teardown and of every namespace it alone kept alive. No shell is
   * left, so there is no state after it.
   *
   * <p>do_exit() runs exit_files() and exit_fs() (the shell's descriptors and working directory
   * go), then exit_task_namespaces(): put_mnt_ns() of the first namespace, umount_tree(root, 0) of
   * all its mounts. namespace_unlock() drops the victims; the last mntput() of a namespace file's
   * mount (and the last fput() of a held one) runs cleanup_mnt() as task work, which
   * exit_task_work() runs before the task is gone: the nsfs inode is evicted, nsfs_evict() puts the
   * namespace it names, and a namespace with no reference left is torn down the same way
   * (put_mnt_ns(), umount_tree()), which may free the last file of another. So a namespace kept
   * only on the first shell's files (or on files inside such namespaces, or inside a detached tree
   * only its {@code mountfd} names held) is torn down when that shell exits, as observed live on
   * 6.18 (LiveEventsTest).
   */
  public StepChanges lastTeardown(MountTable state) {
    if (state.shell().parent() != null)
      throw new IllegalStateException("nested shells are still running");
    ChangeLog log = ChangeLog.recording();
    MountTableBuilder exited = state.toBuilder();
    exited.setShell(state.shell().firstShellExits());
    MountTable after = UmountTree.tearDown(exited.build(), state.currentNamespace().id(), log);
    // its mountfd names closed too: each detached tree dissolves (dissolve_on_fput()), and a
    // namespace file copied into one (open_tree's CL_COPY_MNT_NS_FILE) no longer keeps its
    // namespace
    after = FdMountCalls.dissolveUnowned(after, log);
    NamespaceFiles.collect(after, log);
    return reported(log.changes(), state, after);
  }

  /**
   * One shell exit at the end of a scenario.
   *
   * @param namespace the namespace of the shell that exits
   * @param before the state before the exit
   * @param after the state after it ({@code before} for the first shell's exit, which leaves no
   *     state)
   * @param changes its events and counter touches
   * @param first whether it is the first shell's exit (the runner's {@code unshare -Urm})
   */
  public record ShellExit(
      int namespace, MountTable before, MountTable after, StepChanges changes, boolean first) {}

  /**
   * The shell exits at the end of a scenario, innermost first: {@link #teardown} for each nested
   * shell still running, then {@link #lastTeardown} for the first one.
   */
  public List<ShellExit> exitsAtEnd(MountTable state) {
    List<ShellExit> out = new ArrayList<>();
    while (state.shell().parent() != null) {
      Observed o = teardown(state);
      MountTable after = ((Result.Ok<MountTable>) o.result()).value();
      out.add(new ShellExit(state.currentNamespace().id(), state, after, o.changes(), false));
      state = after;
    }
    out.add(new ShellExit(state.currentNamespace().id(), state, state, lastTeardown(state), true));
    return out;
  }

  private Result<MountTable> apply(MountTable state, Operation op, ChangeLog log) {
    Result<MountTable> r = applyOne(state, op, log);
    if (r instanceof Result.Ok<MountTable> ok)
      return Result.ok(NamespaceFiles.collect(ok.value(), log));
    return r;
  }

  /**
   * nsenter --mount=FILE COMMAND: setns() into the namespace FILE holds (the command's root and cwd
   * become that namespace's root, so nothing the shell holds goes with it), the command, and back.
   * The runner splits a command of several paths first ({@link ScenarioRunner#split}).
   */
  private Result<MountTable> nsenter(MountTable state, Nsenter op, ChangeLog log) {
    MountTableBuilder b = state.toBuilder();
    Result<Integer> entered = NamespaceFiles.enter(b, op.file());
    if (!(entered instanceof Result.Ok<Integer> ns))
      return ((Result.Err<Integer>) entered).retyped();
    int home = state.currentNamespace().id();
    int homeUser = state.currentUserNamespace();
    b.setMountNamespace(ns.value(), b.namespace(ns.value()).userNamespace());
    Result<MountTable> r = applyOne(b.build(), op.command(), log);
    if (!(r instanceof Result.Ok<MountTable> ok)) return r;
    MountTableBuilder back = ok.value().toBuilder();
    back.enter(home, homeUser);
    return Result.ok(back.build());
  }

  private Result<MountTable> applyOne(MountTable state, Operation op, ChangeLog log) {
    refuseAroundRootChange(state, op);
    if (op instanceof UnshareUser) return unshareUser(state);
    Result<MountTable> refused = refuseWithoutPrivilege(state, op);
    if (refused != null) return refused;
    if (op instanceof Nsenter n) return nsenter(state, n, log);
    if (op instanceof Bind b && ScenarioRunner.bindRemounts(b)) {
      // both calls of mount(8); a caller that needs the state after a failed remount (the bind
      // stays) runs the parts itself (ScenarioRunner.split)
      for (Operation part : ScenarioRunner.split(b)) {
        Result<MountTable> r = applyOne(state, part, log);
        if (!(r instanceof Result.Ok<MountTable> ok)) return r;
        state = ok.value();
      }
      return Result.ok(state);
    }
    if (op instanceof Umount u) {
      return UmountTree.apply(
          state,
          state.currentNamespace().id(),
          u.target(),
          u.lazy(),
          umount,
          rules.has(KernelRule.DETACHED_PEER_HIDES_SLAVES),
          log);
    }
    if (op instanceof RemoveDirs d) return removeDirs(state, d, log);
    if (op instanceof CloseDescriptor c) return FdMountCalls.close(state, c, log);
    MountTableBuilder t = state.toBuilder();
    Transition tx = new Transition(t, rules, log);
    Result<Void> r;
    if (op instanceof MakeDirs d) r = makeDirs(t, d);
    else if (op instanceof MountTmpfs m) r = mountTmpfs(tx, m);
    else if (op instanceof Bind b) r = bind(tx, b);
    else if (op instanceof Move m) r = move(tx, m);
    else if (op instanceof ChangeType c) r = changeType(tx, c);
    else if (op instanceof Unshare u) r = CloneNamespace.apply(tx, u);
    else if (op instanceof MakeFiles f) r = touch(t, f);
    else if (op instanceof PersistNamespace p) r = NamespaceFiles.persist(tx, p);
    else if (op instanceof HoldFile h) r = ShellReferences.hold(t, h);
    else if (op instanceof ReleaseFile h) r = ShellReferences.release(t, h);
    else if (op instanceof ChangeDirectory c) r = ShellReferences.changeDirectory(t, c);
    else if (op instanceof OpenTree o) r = FdMountCalls.openTree(tx, o);
    else if (op instanceof MountSetattr m) r = MountSetattrCall.apply(tx, m);
    else if (op instanceof MoveMount m) r = FdMountCalls.moveMount(tx, m);
    else if (op instanceof Remount m) r = RemountMount.apply(t, m, log);
    else if (op instanceof FsOpen o) r = FsContextCalls.open(tx, o);
    else if (op instanceof FsConfig c) r = FsContextCalls.config(tx, c);
    else if (op instanceof FsMount m) r = FsContextCalls.mount(tx, m);
    else if (op instanceof OpenUserNamespace u) r = IdmappedMounts.open(tx, u);
    else if (op instanceof ChangeRoot c) r = RootChange.chroot(t, c);
    else if (op instanceof ChangeRootToDescriptor c) r = RootChange.chrootToDescriptor(t, c);
    else if (op instanceof PivotRoot p) r = RootChange.pivot(tx, p);
    else if (op instanceof MakeDirectoryAt m) r = MakeDirectoryAtCall.apply(t, m);
    else throw new AssertionError(op);
    if (r instanceof Result.Err<Void> e) return e.retyped();
    // a name given again closes its earlier descriptor, which may dissolve a detached tree
    if (op instanceof OpenTree
        || op instanceof FsOpen
        || op instanceof FsMount
        || op instanceof OpenUserNamespace)
      return Result.ok(FdMountCalls.dissolveUnowned(t.build(), log));
    return Result.ok(t.build());
  }

  /**
   * {@code unshare -Ur}: a new shell with credentials in a new user namespace, a child of the
   * shell's, in the same mount namespace, whose owner it no longer has privilege over
   * (docs/semantics.md §2.20). Its working directory and descriptors stay what they were.
   */
  private static Result<MountTable> unshareUser(MountTable state) {
    MountTableBuilder t = state.toBuilder();
    int ns = t.currentNamespace();
    int credentials = t.credentials();
    ShellState shell = t.shell();
    t.setShell(shell.enter(ns, credentials, shell.cwdMount(), shell.cwdDentry()));
    t.resume(ns, t.newUserNamespace(credentials));
    return Result.ok(t.build());
  }

  /**
   * may_mount() in a shell without CAP_SYS_ADMIN over its mount namespace's owner (a shell that
   * {@code unshare -Ur} started; docs/semantics.md §2.20): mount(2), umount(2) and pivot_root(2)
   * are EPERM (the first two after their target's lookup); the fd-based calls check it themselves.
   * null when the operation goes on to the model. {@code unshare --mount=FILE} and {@code nsenter}
   * from such a shell are not modelled.
   */
  private static Result<MountTable> refuseWithoutPrivilege(MountTable state, Operation op) {
    MountTableBuilder t = state.toBuilder();
    if (t.mayMount()) return null;
    if (op instanceof PersistNamespace || op instanceof Nsenter)
      throw new UnsupportedOperationException(
          "not modelled: '"
              + op.toCommand()
              + "' in a shell without privilege over its mount namespace (docs/semantics.md"
              + " §2.20)");
    if (op instanceof PivotRoot)
      return Result.err(ErrorSite.NOT_PRIVILEGED, "no CAP_SYS_ADMIN over the mount namespace");
    String target = null;
    if (op instanceof MountTmpfs m) target = m.target();
    else if (op instanceof Bind b) target = b.target();
    else if (op instanceof Move m) target = m.target();
    else if (op instanceof ChangeType c) target = c.target();
    else if (op instanceof Remount r) target = r.target();
    else if (op instanceof Umount u) target = u.target();
    if (target == null) return null;
    // do_mount() and ksys_umount() look the target up before path_mount() or path_umount()
    Result<Location> at = PathWalk.resolve(t, t.currentNamespace(), target);
    if (!(at instanceof Result.Ok<Location>)) return ((Result.Err<Location>) at).retyped();
    return Result.err(ErrorSite.NOT_PRIVILEGED, target + ": no CAP_SYS_ADMIN over the namespace");
  }

  /**
   * What the model does not follow around a root change (docs/semantics.md §2.18): the executor
   * changes its own root, while {@code cd}, {@code exec}, {@code unshare} and {@code nsenter} run
   * in the shell, which keeps its root (or, after pivot_root, has no tools left); and a namespace
   * file's table is read by its path, which the new root no longer shows.
   */
  private static void refuseAroundRootChange(MountTable state, Operation op) {
    boolean changesRoot = Operation.changesRoot(op);
    if (changesRoot && state.shell().nsfsSuperblock() != 0)
      throw new UnsupportedOperationException(
          "not modelled: '"
              + op.toCommand()
              + "' in a scenario with namespace files (docs/semantics.md §2.18)");
    if (!state.shell().root().changed()) {
      // '/' follows a root change line, which failed: the starting root is the host's own '/',
      // whose mounts the model does not hold
      if (namesRoot(op))
        throw new UnsupportedOperationException(
            "not modelled: '" + op.toCommand() + "' while the root is the starting one");
      return;
    }
    // the caller's root left the table (umount -l / of it, or its detached tree dissolved): the
    // kernel still walks from it, through mounts disconnected from it (disconnect_mount()); the
    // model keeps no such mounts, so it does not follow a path line from there
    boolean rootGone = state.mount(state.shell().root().mount()) == null;
    if (rootGone
        && (op instanceof MountTmpfs
            || op instanceof Bind
            || op instanceof Move
            || op instanceof ChangeType
            || op instanceof Remount
            || op instanceof MakeDirs
            || op instanceof RemoveDirs
            || (op instanceof Umount u && !u.target().equals("/"))))
      throw new UnsupportedOperationException(
          "not modelled: '"
              + op.toCommand()
              + "' after the caller's root left the mount table (docs/semantics.md §2.18)");
    if (op instanceof Unshare
        || op instanceof UnshareUser
        || op instanceof PersistNamespace
        || op instanceof Nsenter
        || op instanceof HoldFile
        || op instanceof ReleaseFile
        || op instanceof ChangeDirectory)
      throw new UnsupportedOperationException(
          "not modelled: '"
              + op.toCommand()
              + "' after chroot or pivot_root (docs/semantics.md §2.18)");
  }

  /**
   * Whether a line names the caller's root as {@code /} (docs/language.md, "The caller's root").
   */
  private static boolean namesRoot(Operation op) {
    if (op instanceof Umount u) return u.target().equals("/");
    if (op instanceof OpenTree o) return o.source().equals("/");
    if (op instanceof MoveMount m) return m.from().equals("/") || m.to().equals("/");
    if (op instanceof MountSetattr m) return m.target().equals("/");
    return false;
  }

  private static Result<Void> makeDirs(MountTableBuilder t, MakeDirs op) {
    Result<Void> first = Result.ok(null);
    for (String path : op.paths()) {
      Result<Location> r = PathWalk.makeDirs(t, t.currentNamespace(), path);
      if (r instanceof Result.Err<Location> e && first.isOk()) first = e.retyped();
    }
    return first;
  }

  /**
   * rmdir(1): one rmdir(2) per path, going on after a failure; the first failure is the line's (the
   * runner splits a line of several paths first, {@link ScenarioRunner#split}).
   */
  private static Result<MountTable> removeDirs(MountTable state, RemoveDirs op, ChangeLog log) {
    Result<MountTable> first = null;
    for (String path : op.paths()) {
      Result<MountTable> r = RemoveDirectory.apply(state, state.currentNamespace().id(), path, log);
      if (r instanceof Result.Ok<MountTable> ok) state = ok.value();
      else if (first == null) first = r;
    }
    return first != null ? first : Result.ok(state);
  }

  private static Result<Void> touch(MountTableBuilder t, MakeFiles op) {
    Result<Void> first = Result.ok(null);
    for (String path : op.paths()) {
      Result<Location> r = PathWalk.touch(t, t.currentNamespace(), path);
      if (r instanceof Result.Err<Location> e && first.isOk()) first = e.retyped();
    }
    return first;
  }

  /** do_new_mount(): a new private tmpfs mount, attached (and propagated) at the target. */
  private static Result<Void> mountTmpfs(Transition tx, MountTmpfs op) {
    MountTableBuilder t = tx.table();
    Result<Location> target = PathWalk.resolve(t, t.currentNamespace(), op.target());
    if (!(target instanceof Result.Ok<Location> at)) return fail(target);
    if (t.dentry(at.value().dentry()).deleted()) return removedTarget(op.target());
    if (notInNamespace(t, at.value().mount()))
      return Result.err(
          ErrorSite.NOT_IN_NAMESPACE, op.target() + ": not in the caller's namespace");
    if (t.dentry(at.value().dentry()).file())
      return Result.err(ErrorSite.NOT_DIRECTORY, op.target() + ": mount point is not a directory");
    // -o OPTS: MS_RDONLY makes the superblock read-only, every flag goes to the mount
    int flags = MountFlagWords.apply(0, op.options());
    int sb = t.newSuperblock("tmpfs", op.source(), (flags & MountFlagWords.MS_RDONLY) != 0);
    int m = t.newMount(sb, t.dentryAt(sb, "/"));
    t.setAttributes(m, MountFlagWords.attributes(flags, null));
    return AttachTree.attach(tx, m, at.value(), false);
  }

  /**
   * do_loopback(): bind (clone_mnt) or rbind (copy_tree) of the source onto the target. A bind with
   * {@code -o OPTS} is this, then a remount ({@link ScenarioRunner#split}).
   */
  private static Result<Void> bind(Transition tx, Bind op) {
    MountTableBuilder t = tx.table();
    Result<Location> target = PathWalk.resolve(t, t.currentNamespace(), op.target());
    if (!(target instanceof Result.Ok<Location> at)) return fail(target);
    Result<Location> source = PathWalk.resolve(t, t.currentNamespace(), op.source());
    if (!(source instanceof Result.Ok<Location> from)) return fail(source);
    int old = from.value().mount();
    int dentry = from.value().dentry();
    // do_loopback(): the target is locked (ENOENT when removed) before the source is looked at
    if (t.dentry(at.value().dentry()).deleted()) return removedTarget(op.target());
    if (NamespaceFiles.loops(t, old))
      return Result.err(
          ErrorSite.NAMESPACE_FILE, op.source() + ": namespace not newer than the caller's");
    if (t.mount(old).unbindable())
      return Result.err(ErrorSite.UNBINDABLE_SOURCE, op.source() + ": unbindable");
    if (notInNamespace(t, at.value().mount()))
      return Result.err(
          ErrorSite.NOT_IN_NAMESPACE, op.target() + ": not in the caller's namespace");
    int copy;
    if (op.recursive()) {
      Result<Integer> c = CopyTree.copy(t, old, dentry, CloneFlags.BIND);
      if (!(c instanceof Result.Ok<Integer> ok)) return fail(c);
      copy = ok.value();
    } else {
      if (hasLockedChildren(t, old, dentry))
        return Result.err(ErrorSite.LOCKED_CHILDREN, op.source() + ": would reveal locked mounts");
      copy = CopyTree.clone(t, old, dentry, CloneFlags.BIND);
    }
    // graft_tree(): a directory goes on a directory, a file on a file
    if (t.dentry(at.value().dentry()).file() != t.dentry(dentry).file())
      return Result.err(ErrorSite.NOT_DIRECTORY, op.target() + ": not the same kind as the source");
    if (t.dentry(dentry).deleted()) return removedSource(op.source());
    return AttachTree.attach(tx, copy, at.value(), false);
  }

  /**
   * check_mnt(): the mount is not in the caller's namespace, which a path reaches only after a
   * {@code mountfd chroot} into a detached tree (docs/semantics.md §2.18, C103).
   */
  static boolean notInNamespace(MountTableBuilder t, int mount) {
    return t.mount(mount).namespace() != t.currentNamespace();
  }

  /** has_locked_children(): a locked mount sits at or below the dentry being bound. */
  static boolean hasLockedChildren(MountTableBuilder t, int mount, int dentry) {
    Dentry at = t.dentry(dentry);
    for (int c : t.children(mount)) {
      Mount child = t.mount(c);
      if (child.locked() && t.dentry(child.mountpoint()).isAtOrBelow(at)) return true;
    }
    return false;
  }

  /** do_move_mount(): the checks in the kernel's order, then attach without copying. */
  private static Result<Void> move(Transition tx, Move op) {
    MountTableBuilder t = tx.table();
    Result<Location> target = PathWalk.resolve(t, t.currentNamespace(), op.target());
    if (!(target instanceof Result.Ok<Location> at)) return fail(target);
    Result<Location> source = PathWalk.resolve(t, t.currentNamespace(), op.source());
    if (!(source instanceof Result.Ok<Location> from)) return fail(source);
    return moveMounted(tx, from.value(), at.value(), op.source(), op.target());
  }

  /**
   * do_move_mount() of a mount of the caller's namespace, both ends resolved ({@code mount --move}
   * and move_mount() of an attached mount); {@code sourceName} and {@code targetName} name them in
   * messages.
   */
  static Result<Void> moveMounted(
      Transition tx, Location from, Location at, String sourceName, String targetName) {
    MountTableBuilder t = tx.table();
    Move op = new Move(sourceName, targetName);
    int old = from.mount();
    Mount o = t.mount(old);
    if (from.dentry() != o.root())
      return Result.err(ErrorSite.NOT_MOUNT_POINT, op.source() + ": not a mount point");
    // do_lock_mount() on the target: a removed directory is ENOENT
    if (t.dentry(at.dentry()).deleted()) return removedTarget(op.target());
    if (t.dentry(at.dentry()).file() != t.dentry(o.root()).file())
      return Result.err(ErrorSite.MOVE_KIND, op.target() + ": not the same kind as the source");
    if (!o.hasParent())
      return Result.err(ErrorSite.NAMESPACE_ROOT, op.source() + ": namespace root");
    if (o.locked())
      return Result.err(ErrorSite.LOCKED, op.source() + ": mount is locked (MNT_LOCKED)");
    if (t.mount(o.parent()).shared())
      return Result.err(
          ErrorSite.PARENT_SHARED, op.source() + ": moving a mount residing under a shared mount");
    int dest = at.mount();
    if (t.mount(dest).shared()) {
      for (int m : CopyTree.subtree(t, old)) {
        if (t.mount(m).unbindable())
          return Result.err(
              ErrorSite.UNBINDABLE_TO_SHARED,
              op.source() + ": tree holds an unbindable mount and the target is shared");
      }
    }
    for (int p = dest; p != 0; p = t.mount(p).parent()) {
      if (p == old)
        return Result.err(ErrorSite.INTO_ITSELF, op.target() + ": inside the mount being moved");
    }
    if (t.dentry(o.root()).deleted()) return removedSource(op.source());
    return AttachTree.attach(tx, old, at, true);
  }

  private static Result<Void> changeType(Transition tx, ChangeType op) {
    MountTableBuilder t = tx.table();
    Result<Location> target = PathWalk.resolve(t, t.currentNamespace(), op.target());
    if (!(target instanceof Result.Ok<Location> at)) return fail(target);
    if (at.value().dentry() != t.mount(at.value().mount()).root())
      return Result.err(ErrorSite.NOT_MOUNT_POINT, op.target() + ": not a mount point");
    return ChangePropagation.apply(tx, at.value().mount(), op.type(), op.recursive());
  }

  /**
   * do_lock_mount(): nothing is mounted on a removed directory (a mount's root that rmdir removed),
   * ENOENT (docs/semantics.md §2.12).
   */
  private static Result<Void> removedTarget(String target) {
    return Result.err(ErrorSite.DELETED_DIRECTORY, target + ": its directory was removed");
  }

  /**
   * A mount whose root directory was removed is not bound or moved: ENOENT after every other check
   * (observed on 6.18, probe m-rmdir-removed-root-order; docs/semantics.md §2.12).
   */
  private static Result<Void> removedSource(String source) {
    return Result.err(ErrorSite.DELETED_SOURCE, source + ": its root directory was removed");
  }

  private static <T> Result<Void> fail(Result<T> r) {
    return ((Result.Err<T>) r).retyped();
  }
}

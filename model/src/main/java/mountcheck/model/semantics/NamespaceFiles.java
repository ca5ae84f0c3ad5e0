package mountcheck.model.semantics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import mountcheck.model.events.ChangeLog;
import mountcheck.model.ops.PersistNamespace;
import mountcheck.model.ops.Unshare.NamespacePropagation;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTable;
import mountcheck.model.state.MountTableBuilder;
import mountcheck.model.state.ShellState;

/**
 * Mount namespaces kept alive by a file, the way of {@code ip netns} (docs/semantics.md §2.11):
 * {@code unshare --mount=FILE true} binds the new namespace's nsfs file onto FILE in the caller's
 * namespace; {@code nsenter --mount=FILE} finds the namespace through it; when nothing refers to a
 * namespace any more (no nsfs mount of it in a live namespace, no held detached one, no shell in
 * it), put_mnt_ns() tears it down: umount_tree() of all its mounts, without umount propagation.
 */
final class NamespaceFiles {
  private NamespaceFiles() {}

  /**
   * util-linux unshare with --mount=FILE: copy_mnt_ns(), then a child still in the caller's
   * namespace binds /proc/PID/ns/mnt onto FILE, and only then the --propagation step runs in the
   * new namespace. So a FILE on a shared mount fails: the new namespace's copy of that mount
   * receives the bind, and propagation may not copy a namespace file (EINVAL). When the bind fails
   * (ENOENT, a directory, EINVAL from a shared FILE whose propagation would copy the namespace
   * file) unshare exits 1, and the namespace, referred to by nothing, dies with it.
   */
  static Result<Void> persist(Transition tx, PersistNamespace op) {
    MountTableBuilder t = tx.table();
    Result<Location> target = PathWalk.resolve(t, t.currentNamespace(), op.file());
    if (!(target instanceof Result.Ok<Location> at))
      return ((Result.Err<Location>) target).retyped();
    int ns =
        CloneNamespace.copy(
            tx, op.newUserNamespace(), NamespacePropagation.UNCHANGED, new HashMap<>());
    int file = t.namespaceFile(ns);
    if (!t.dentry(at.value().dentry()).file())
      return Result.err(ErrorSite.NOT_DIRECTORY, op.file() + ": not a regular file");
    int m = t.newMount(t.shell().nsfsSuperblock(), file);
    Result<Void> r = AttachTree.attach(tx, m, at.value(), false);
    if (!r.isOk()) return r;
    CloneNamespace.propagationStep(tx, ns, op.propagation());
    List<Integer> named = new ArrayList<>(t.shell().named());
    named.add(ns);
    t.setShell(t.shell().withNamed(named));
    return Result.ok(null);
  }

  /**
   * The namespace whose file is mounted at {@code file} in the current namespace: ENOENT when the
   * path does not exist, EINVAL (setns() on a file of another kind) when it is not a namespace
   * file's mount root.
   */
  static Result<Integer> enter(MountTableBuilder t, String file) {
    Result<Location> at = PathWalk.resolve(t, t.currentNamespace(), file);
    if (!(at instanceof Result.Ok<Location> ok)) return ((Result.Err<Location>) at).retyped();
    int m = ok.value().mount();
    if (!CopyTree.isNamespaceFile(t, m) || ok.value().dentry() != t.mount(m).root())
      return Result.err(ErrorSite.NAMESPACE_FILE, file + ": not a mount namespace file");
    return Result.ok(ShellState.namespaceOfFileName(t.dentry(t.mount(m).root()).name()));
  }

  /**
   * do_loopback()'s mnt_ns_loop(): binding a namespace file that is not newer than the caller's.
   */
  static boolean loops(MountTableBuilder t, int sourceMount) {
    if (!CopyTree.isNamespaceFile(t, sourceMount)) return false;
    int ns = ShellState.namespaceOfFileName(t.dentry(t.mount(sourceMount).root()).name());
    return t.currentNamespace() >= ns;
  }

  /** The namespace held by the namespace file at {@code file} (from the current namespace). */
  static Optional<Integer> heldBy(MountTable state, String file) {
    Result<Integer> r = enter(state.toBuilder(), file);
    return r instanceof Result.Ok<Integer> ok ? Optional.of(ok.value()) : Optional.empty();
  }

  /**
   * Frees detached mounts nobody holds, then tears down every named namespace that nothing refers
   * to any more, repeatedly (a torn-down namespace may hold the last file of another).
   */
  static MountTable collect(MountTable state, ChangeLog log) {
    ShellState shell = state.shell();
    if (shell.named().isEmpty() && shell.detached().isEmpty()) return state;
    MountTable t = state;
    if (shell.withoutFreedDetached() != shell) {
      MountTableBuilder b = t.toBuilder();
      b.setShell(shell.withoutFreedDetached());
      t = b.build();
    }
    boolean changed = true;
    while (changed && !t.shell().named().isEmpty()) {
      changed = false;
      Set<Integer> pinned = new HashSet<>(t.shell().shellNamespaces(t.currentNamespace().id()));
      pinned.addAll(t.shell().detached().values());
      if (t.shell().nsfsSuperblock() != 0) {
        for (int id : t.mountIds()) {
          Mount m = t.mount(id);
          if (m.namespace() != 0 && m.superblock() == t.shell().nsfsSuperblock())
            pinned.add(t.namespaceOfFile(id));
        }
      }
      for (int ns : t.shell().named()) {
        if (pinned.contains(ns)) continue;
        t = UmountTree.tearDown(t, ns, log);
        List<Integer> named = new ArrayList<>(t.shell().named());
        named.remove(Integer.valueOf(ns));
        MountTableBuilder b = t.toBuilder();
        b.dropNamespace(ns);
        b.setShell(t.shell().withNamed(named).withoutFreedDetached());
        t = b.build();
        changed = true;
        break;
      }
    }
    return t;
  }
}

package mountcheck.model.semantics;

import java.util.HashMap;
import java.util.Map;
import mountcheck.model.ops.Propagation;
import mountcheck.model.ops.Unshare;
import mountcheck.model.ops.Unshare.NamespacePropagation;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTableBuilder;
import mountcheck.model.state.Namespace;
import mountcheck.model.state.ShellState;

/**
 * unshare(1) -m / -Urm: copy_mnt_ns() (fs/namespace.c) followed by util-linux's {@code
 * --propagation} step on the new namespace's root.
 *
 * <p>copy_mnt_ns() copies the whole tree with CL_COPY_UNBINDABLE | CL_EXPIRE. In the same user
 * namespace the copies keep groups and masters (peers of shared originals). For a new, less
 * privileged user namespace CL_SLAVE is added (shared originals give slaves that are not shared)
 * and lock_mnt_tree() locks every non-root mount. The earlier namespace stays alive.
 */
final class CloneNamespace {
  private CloneNamespace() {}

  static Result<Void> apply(Transition tx, Unshare op) {
    MountTableBuilder t = tx.table();
    int oldNs = t.currentNamespace();
    int oldUserNs = t.credentials();
    Map<Integer, Integer> copies = new HashMap<>();
    int ns = copy(tx, op.newUserNamespace(), op.propagation(), copies);
    // copy_mnt_ns(): the task's working directory moves to its copy in the new namespace
    ShellState shell = t.shell();
    int cwd = shell.cwdMount() == 0 ? 0 : copies.getOrDefault(shell.cwdMount(), 0);
    t.setShell(shell.enter(oldNs, oldUserNs, cwd, cwd == 0 ? 0 : shell.cwdDentry()));
    t.resume(ns, t.namespace(ns).userNamespace());
    return Result.ok(null);
  }

  /**
   * copy_mnt_ns() of the current namespace, then util-linux's propagation step on the copy, without
   * entering it; returns the new namespace. {@code copies} receives each original's copy. The new
   * namespace's propagation step runs as a task inside it would run it.
   */
  static int copy(
      Transition tx,
      boolean newUserNamespace,
      NamespacePropagation propagation,
      Map<Integer, Integer> copies) {
    MountTableBuilder t = tx.table();
    Namespace old = t.namespace(t.currentNamespace());
    // the new namespace is owned by the caller's user namespace (its credentials'), which differs
    // from the old one's owner after unshare -Ur too: then the copy is a slave copy and locked
    int userNs = newUserNamespace ? t.newUserNamespace(t.credentials()) : t.credentials();
    boolean lessPrivileged = userNs != old.userNamespace();
    CloneFlags flags = lessPrivileged ? CloneFlags.NAMESPACE_SLAVE : CloneFlags.NAMESPACE;
    if (tx.has(KernelRule.UNBINDABLE_KEPT_ON_NAMESPACE_COPY)) flags = flags.keepingUnbindable();
    Mount oldRoot = t.mount(old.root());
    Result<Integer> copied = CopyTree.copy(t, old.root(), oldRoot.root(), flags, copies);
    int root = ((Result.Ok<Integer>) copied).value();
    t.setLocked(root, false);
    int[] tree = CopyTree.subtree(t, root);
    int hidden = old.mountCount() - t.namespaceMembers(old.id());
    int ns = t.newNamespace(userNs, root, hidden);
    for (int m : tree) t.setNamespace(m, ns);
    if (lessPrivileged) AttachTree.lockTree(t, root);
    propagationStep(tx, ns, propagation);
    return ns;
  }

  /** util-linux unshare's {@code --propagation} step: mount --make-rX / in the new namespace. */
  static void propagationStep(Transition tx, int ns, NamespacePropagation propagation) {
    int root = tx.table().namespace(ns).root();
    switch (propagation) {
      case PRIVATE -> ChangePropagation.apply(tx, root, Propagation.PRIVATE, true);
      case SHARED -> ChangePropagation.apply(tx, root, Propagation.SHARED, true);
      case SLAVE -> ChangePropagation.apply(tx, root, Propagation.SLAVE, true);
      case UNCHANGED -> {}
    }
  }
}

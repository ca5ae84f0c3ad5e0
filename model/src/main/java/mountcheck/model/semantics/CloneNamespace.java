package mountcheck.model.semantics;

import mountcheck.model.ops.Propagation;
import mountcheck.model.ops.Unshare;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTableBuilder;
import mountcheck.model.state.Namespace;

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

  static Result<Void> apply(
      MountTableBuilder t, Unshare op, ModelVariant variant, KernelProfile profile) {
    Namespace old = t.namespace(t.currentNamespace());
    int userNs =
        op.newUserNamespace()
            ? t.newUserNamespace(t.currentUserNamespace())
            : t.currentUserNamespace();
    CloneFlags flags = op.newUserNamespace() ? CloneFlags.NAMESPACE_SLAVE : CloneFlags.NAMESPACE;
    if (profile.has(KernelRule.UNBINDABLE_KEPT_ON_NAMESPACE_COPY))
      flags = flags.keepingUnbindable();
    Mount oldRoot = t.mount(old.root());
    Result<Integer> copied = CopyTree.copy(t, old.root(), oldRoot.root(), flags);
    int root = ((Result.Ok<Integer>) copied).value();
    t.setLocked(root, false);
    int[] tree = CopyTree.subtree(t, root);
    int hidden = old.mountCount() - t.namespaceMembers(old.id());
    int ns = t.newNamespace(userNs, root, hidden);
    for (int m : tree) t.setNamespace(m, ns);
    if (op.newUserNamespace()) AttachTree.lockTree(t, root);
    t.enter(ns, userNs);
    switch (op.propagation()) {
      case PRIVATE -> ChangePropagation.apply(t, root, Propagation.PRIVATE, true, variant);
      case SHARED -> ChangePropagation.apply(t, root, Propagation.SHARED, true, variant);
      case SLAVE -> ChangePropagation.apply(t, root, Propagation.SLAVE, true, variant);
      case UNCHANGED -> {}
    }
    return Result.ok(null);
  }
}

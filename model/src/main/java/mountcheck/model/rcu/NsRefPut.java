package mountcheck.model.rcu;

import java.util.List;

/**
 * Dropping a mount namespace's reference (fs/namespace.c put_mnt_ns, Linux 7.2): ns_ref_put, and
 * when that was the last one, the teardown in the caller's own context: namespace_sem taken for
 * writing (down_write, which may sleep), umount_tree of the namespace's root, and namespace_unlock,
 * which calls free_mnt_ns on the emptied namespace. Whoever drops the last reference pays for the
 * teardown: the task closing its nsfs file, or a reader that got the namespace with
 * ns_get_unless_inactive and puts it after the others are gone.
 */
final class NsRefPut {
  private NsRefPut() {}

  /**
   * {@code actor} drops one reference of namespace {@code ns}; {@code insideRcu}: it is inside an
   * RCU read-side section, where the teardown's down_write must not sleep. The scenario that uses
   * this (ns-get) does not model the namespace's mounts, so umount_tree and namespace_unlock's
   * grace period for them are one step with the free (the nsfs-close scenario has them). Appends to
   * {@code sb}.
   */
  static void put(Edit e, int ns, String actor, boolean insideRcu, StringBuilder sb) {
    RcuNamespace x = e.namespaces.get(ns);
    int left = x.active() - 1;
    e.namespaces.set(ns, x.withActive(left));
    sb.append("put_mnt_ns: ns_ref_put(ns").append(ns).append(") (").append(left).append(")");
    if (left > 0) return;
    if (x.emptied()) {
      // taken again from 0 (a planted increment): the teardown already ran
      sb.append(", already torn down");
      return;
    }
    if (insideRcu)
      e.events.add(new RcuEvent.SleepInRcuReadSide(actor, "put_mnt_ns: down_write(namespace_sem)"));
    e.namespaces.set(ns, e.namespaces.get(ns).withEmptied());
    sb.append(", last: namespace_sem, umount_tree(ns").append(ns).append("->root), ");
    freeMntNs(e, ns, actor, sb);
  }

  /**
   * namespace_unlock with an emptied namespace: up_write(namespace_sem), then free_mnt_ns: the
   * ucount, mnt_ns_tree_remove (out of the namespace tree), and the tree's passive reference
   * dropped by call_rcu(mnt_ns_release_rcu), or at once without the RCU delay. Appends to {@code
   * sb}.
   */
  static void freeMntNs(Edit e, int ns, String actor, StringBuilder sb) {
    RcuNamespace x = e.namespaces.get(ns);
    e.namespaces.set(ns, x.withRemoved());
    // 6.12: free_mnt_ns after namespace_unlock returned, the removal under mnt_ns_tree_lock
    boolean afterUnlock = e.setup.design().freeMntNsAfterUnlock();
    sb.append(
        afterUnlock ? "after namespace_unlock: " : "namespace_unlock: up_write(namespace_sem), ");
    sb.append("free_mnt_ns(ns").append(ns).append("): ");
    if (x.inTree())
      sb.append(
          e.setup.design().lookupMntNsUnderTreeLock()
              ? "mnt_ns_tree_remove under write_lock(mnt_ns_tree_lock), "
              : "mnt_ns_tree_remove, ");
    if (e.setup.design().mntNsReleaseAfterGp()) {
      int gp = e.newGp(Context.WORKER, "mnt_ns_release_rcu", false);
      e.callbacksForUpdate().add(new Callback(CallbackKind.RELEASE_MNT_NS, gp, List.of(ns)));
      sb.append("call_rcu(mnt_ns_release_rcu), grace period ").append(gp).append(" starts");
    } else {
      e.releasePassive(ns, actor, false, sb);
    }
  }
}

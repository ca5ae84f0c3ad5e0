package mountcheck.model.rcu;

/**
 * The steps of lockless mount-namespace readers (docs/semantics.md §4.5):
 *
 * <ul>
 *   <li>open_by_handle_at(2)'s permission check on a directory fd (fs/fhandle.c): in Linux 7.x
 *       capable_wrt_mount reads mnt_ns once with READ_ONCE under rcu_read_lock and dereferences its
 *       user_ns before rcu_read_unlock; from 6.10 until then may_decode_fh called is_mounted() and
 *       then read mnt_ns again to reach user_ns, outside any read-side section. Then the fd is
 *       closed (mntput);
 *   <li>listmount(2)/statmount(2) by namespace id (fs/namespace.c lookup_mnt_ns): under
 *       rcu_read_lock the namespace tree lookup and an unconditional increment of the passive
 *       count, which is safe only because the tree's own passive reference is dropped after a grace
 *       period; then the mount tree read under namespace_sem, and mnt_ns_release.
 * </ul>
 */
final class NsReaderSteps {
  private NsReaderSteps() {}

  static Transition step(Setup setup, RcuState s, int n) {
    NsReader rd = s.nsReaders().get(n);
    if (rd.phase() == NsReaderPhase.DONE) return null;
    NsReaderKind kind = setup.nsReaderKinds().get(n);
    if (kind.getsUnlessInactive()) return NsGetReaderSteps.step(setup, s, n);
    String name = kind.name(n);
    Edit e = new Edit(setup, s);
    String label =
        kind == NsReaderKind.FHANDLE
            ? fhandle(setup, s, e, n, rd, name)
            : listmount(setup, s, e, n, rd, name);
    if (label == null) return null;
    return new Transition(name + ": " + label, e.build(), e.events);
  }

  private static String fhandle(Setup setup, RcuState s, Edit e, int n, NsReader rd, String name) {
    int m = setup.nsReaderTargets().get(n);
    RcuMount x = s.mounts().get(m);
    int ns = e.mntNs(m);
    String seen = ns >= 0 ? "ns" + ns : "NULL";
    boolean underRcu = setup.design().fhandleCheckUnderRcu();
    switch (rd.phase()) {
      case IDLE -> {
        if (underRcu) {
          e.nsReaders.set(n, rd.read(NsReaderPhase.SAW_NS, true, ns));
          return "open_by_handle_at: capable_wrt_mount: rcu_read_lock, READ_ONCE(m"
              + m
              + "->mnt_ns) = "
              + seen;
        }
        if (ns < 0) {
          e.nsReaders.set(n, rd.at(NsReaderPhase.HOLDS_FILE, false));
          return "open_by_handle_at: may_decode_fh: is_mounted(m" + m + ") false: EPERM";
        }
        e.nsReaders.set(n, rd.at(NsReaderPhase.MOUNTED, false));
        return "open_by_handle_at: may_decode_fh: is_mounted(m" + m + ") (mnt_ns = " + seen + ")";
      }
      case MOUNTED -> {
        e.nsReaders.set(n, rd.read(NsReaderPhase.SAW_NS, false, ns));
        return "may_decode_fh: reads m" + m + "->mnt_ns again = " + seen + ", no rcu_read_lock";
      }
      case SAW_NS -> {
        int held = rd.seen();
        String target = held >= 0 ? "ns" + held : "NULL";
        e.nsReaders.set(n, rd.at(NsReaderPhase.HOLDS_FILE, false));
        if (underRcu) {
          e.nsReaderLeft(n);
          if (held < 0) return "mnt_ns NULL: not capable, rcu_read_unlock: EPERM";
          e.touchNs(name, held, "ns_capable(mnt_ns->user_ns)");
          return "ns_capable(" + target + "->user_ns), rcu_read_unlock";
        }
        e.touchNs(name, held, "ns_capable(mnt_ns->user_ns)");
        return "ns_capable(" + target + "->user_ns)";
      }
      case HOLDS_FILE -> {
        // mntput_no_expire: while mnt_ns is set the fast path, in two steps (rcu_read_lock and the
        // mnt_ns test, then the decrement and rcu_read_unlock); else the slow path
        if (rd.inside()) {
          int c = e.fastPut(name, m);
          e.nsReaderLeft(n);
          e.nsReaders.set(n, rd.at(NsReaderPhase.DONE, false));
          return "close fd on m" + m + ": mntput fast path: count-- (" + c + "), rcu_read_unlock";
        }
        if (x.inNamespace()) {
          e.nsReaders.set(n, rd.at(NsReaderPhase.HOLDS_FILE, true));
          return "close fd on m" + m + ": mntput: rcu_read_lock, mnt_ns set: fast path";
        }
        if (s.lockOwner() >= 0) return null; // mntput's slow path
        boolean last = e.put(m);
        e.nsReaders.set(n, rd.at(NsReaderPhase.DONE, false));
        String label = "close fd on m" + m + ": mntput (count " + e.mounts.get(m).count() + ")";
        if (last) {
          e.cleanup(m, Context.READER);
          label +=
              ", return to user space, task_work: cleanup_mnt m" + m + " (superblock shut down)";
        }
        return label;
      }
      default -> {
        return null;
      }
    }
  }

  private static String listmount(
      Setup setup, RcuState s, Edit e, int n, NsReader rd, String name) {
    int ns = setup.nsReaderTargets().get(n);
    RcuNamespace x = s.namespaces().get(ns);
    switch (rd.phase()) {
      case IDLE -> {
        if (!x.inTree()) {
          e.nsReaders.set(n, rd.at(NsReaderPhase.DONE, false));
          return "listmount: lookup_mnt_ns: ns" + ns + " not in the namespace tree: ENOENT";
        }
        if (setup.design().lookupMntNsUnderTreeLock()) {
          // 6.12: the lookup and the increment under read_lock(mnt_ns_tree_lock), which the
          // removal takes for writing, so no grace period is needed before the release
          e.touchNs(name, ns, "mnt_ns_find_id_at");
          e.namespaces.set(ns, x.withPassive(x.passive() + 1));
          e.nsReaders.set(n, rd.at(NsReaderPhase.HOLDS_PASSIVE, false));
          return "listmount: lookup_mnt_ns: read_lock(mnt_ns_tree_lock), finds ns"
              + ns
              + ", refcount_inc(passive) ("
              + (x.passive() + 1)
              + "), read_unlock";
        }
        e.touchNs(name, ns, "ns_tree_lookup_rcu");
        e.nsReaders.set(n, rd.at(NsReaderPhase.FOUND, true));
        return "listmount: lookup_mnt_ns: rcu_read_lock, ns_tree_lookup_rcu finds ns" + ns;
      }
      case FOUND -> {
        e.touchNs(name, ns, "refcount_inc(&passive)");
        e.namespaces.set(ns, x.withPassive(x.passive() + 1));
        e.nsReaders.set(n, rd.at(NsReaderPhase.HOLDS_PASSIVE, false));
        e.nsReaderLeft(n);
        return "refcount_inc(ns" + ns + "->passive) (" + (x.passive() + 1) + "), rcu_read_unlock";
      }
      case HOLDS_PASSIVE -> {
        if (TaskSteps.namespaceSemHeld(setup, s)) return null; // down_read(namespace_sem)
        e.touchNs(name, ns, "the namespace's mount tree");
        e.nsReaders.set(n, rd.at(NsReaderPhase.LISTED, false));
        return "namespace_sem (shared): ns"
            + ns
            + (x.emptied() ? " is empty, lists nothing" : " lists its mounts");
      }
      case LISTED -> {
        StringBuilder sb = new StringBuilder();
        e.releasePassive(ns, name, false, sb);
        e.nsReaders.set(n, rd.at(NsReaderPhase.DONE, false));
        return sb + ", return to user space";
      }
      default -> {
        return null;
      }
    }
  }
}

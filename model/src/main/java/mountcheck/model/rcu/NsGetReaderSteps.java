package mountcheck.model.rcu;

/**
 * The steps of the readers that get a mount namespace with ns_get_unless_inactive
 * (include/linux/ns_common.h, Linux 7.2) and put it later (docs/semantics.md §4.5):
 *
 * <ul>
 *   <li>open_by_handle_at(2) with an nsfs file handle (fs/nsfs.c nsfs_fh_to_dentry): under
 *       rcu_read_lock the namespace tree lookup by id (ns_tree_lookup_rcu), then
 *       ns_get_unless_inactive: the active-user count (__ns_ref_active) must be above 0, and
 *       refcount_inc_not_zero of the reference count; after rcu_read_unlock a caller that may not
 *       see the namespace gets EPERM after ns->ops->put;
 *   <li>listns(2) (kernel/nstree.c do_listns): under rcu_read_lock the walk of the namespace list
 *       and legitimize_ns (ns_get_unless_inactive); rcu_read_unlock before put_user of the id; at
 *       the end of the list rcu_read_unlock, then ns_put of the last namespace it reported.
 * </ul>
 *
 * The lookup is safe because the tree's reference is dropped after a grace period (free_mnt_ns's
 * call_rcu of mnt_ns_release_rcu), the get because the count is taken only when it is not 0, and
 * the put because it runs outside the read-side section: the last put tears the namespace down in
 * the reader's own context (put_mnt_ns takes namespace_sem, which may sleep). The design's {@link
 * NsGet} rule says which of these a planted design leaves out.
 */
final class NsGetReaderSteps {
  private NsGetReaderSteps() {}

  static Transition step(Setup setup, RcuState s, int n) {
    NsReader rd = s.nsReaders().get(n);
    if (rd.phase() == NsReaderPhase.DONE) return null;
    NsReaderKind kind = setup.nsReaderKinds().get(n);
    String name = kind.name(n);
    int ns = setup.nsReaderTargets().get(n);
    NsGet rule = setup.design().nsGet();
    boolean listns = kind == NsReaderKind.LISTNS;
    Edit e = new Edit(setup, s);
    RcuNamespace x = s.namespaces().get(ns);
    String unlock = rule.underRcu() ? "rcu_read_unlock" : "no read-side section to leave";
    String label =
        switch (rd.phase()) {
          case IDLE -> lookup(e, n, rd, name, ns, x, listns, rule);
          case FOUND -> {
            e.touchNs(name, ns, "ns_get_unless_inactive: __ns_ref_active");
            if (x.activeUsers() > 0) {
              e.nsReaders.set(n, rd.at(NsReaderPhase.SAW_ACTIVE, rd.inside()));
              yield "ns_get_unless_inactive: __ns_ref_active(ns" + ns + ") " + x.activeUsers();
            }
            done(e, n, rd);
            yield "ns_get_unless_inactive: ns"
                + ns
                + " inactive: NULL, "
                + unlock
                + (listns ? ", the list ends: returns 0" : ": ESTALE");
          }
          case SAW_ACTIVE -> get(e, n, rd, name, ns, x, listns, rule, unlock);
          case GOT_REF -> {
            if (listns && rule == NsGet.PUT_UNDER_RCU) {
              StringBuilder sb = new StringBuilder("rcu_read_unlock, put_user(ns" + ns + "'s id),");
              sb.append(" rcu_read_lock, the list ends, ns_put before rcu_read_unlock: ");
              NsRefPut.put(e, ns, name, true, sb);
              done(e, n, rd);
              yield sb.append(", rcu_read_unlock, returns 1").toString();
            }
            e.nsReaders.set(n, rd.at(NsReaderPhase.HOLDS_REF, false));
            e.nsReaderLeft(n);
            yield listns
                ? unlock + ", put_user(ns" + ns + "'s id), the list ends"
                : unlock + "; owning_ns set, !may_see_all_namespaces()";
          }
          case HOLDS_REF -> {
            StringBuilder sb = new StringBuilder(listns ? "ns_put: " : "ns->ops->put: ");
            NsRefPut.put(e, ns, name, false, sb);
            done(e, n, rd);
            yield sb.append(listns ? ", returns 1" : ": EPERM").toString();
          }
          default -> null;
        };
    if (label == null) return null;
    return new Transition(name + ": " + label, e.build(), e.events);
  }

  private static String lookup(
      Edit e, int n, NsReader rd, String name, int ns, RcuNamespace x, boolean listns, NsGet rule) {
    String intro =
        (listns ? "listns: " : "open_by_handle_at (nsfs handle): nsfs_fh_to_dentry: ")
            + (rule.underRcu() ? "rcu_read_lock, " : "no rcu_read_lock, ")
            + (listns ? "list_for_each_entry_from_rcu" : "ns_tree_lookup_rcu");
    if (!x.inTree()) {
      done(e, n, rd);
      return intro
          + (listns ? " finds no ns" + ns + ", returns 0" : " finds no ns" + ns + ": ESTALE");
    }
    e.touchNs(name, ns, listns ? "list_for_each_entry_from_rcu" : "ns_tree_lookup_rcu");
    e.nsReaders.set(n, rd.at(NsReaderPhase.FOUND, rule.underRcu()));
    return intro + (listns ? " reaches ns" : " finds ns") + ns;
  }

  /** __ns_ref_get: refcount_inc_not_zero, or the planted unconditional increment. */
  private static String get(
      Edit e,
      int n,
      NsReader rd,
      String name,
      int ns,
      RcuNamespace x,
      boolean listns,
      NsGet rule,
      String unlock) {
    e.touchNs(name, ns, "__ns_ref_get");
    int ref = x.active();
    if (rule == NsGet.UNCONDITIONAL_INC) {
      if (ref == 0) e.events.add(new RcuEvent.NsRefFromZero(name, ns));
      e.namespaces.set(ns, x.withActive(ref + 1));
      e.nsReaders.set(n, rd.at(NsReaderPhase.GOT_REF, rd.inside()));
      return "refcount_inc(ns" + ns + " ref) (" + (ref + 1) + ")";
    }
    if (ref == 0) {
      done(e, n, rd);
      return "refcount_inc_not_zero(ns"
          + ns
          + " ref) fails: NULL, "
          + unlock
          + (listns ? ", the list ends: returns 0" : ": ESTALE");
    }
    e.namespaces.set(ns, x.withActive(ref + 1));
    e.nsReaders.set(n, rd.at(NsReaderPhase.GOT_REF, rd.inside()));
    return "refcount_inc_not_zero(ns" + ns + " ref) (" + (ref + 1) + ")";
  }

  private static void done(Edit e, int n, NsReader rd) {
    e.nsReaders.set(n, rd.at(NsReaderPhase.DONE, false));
    e.nsReaderLeft(n);
  }
}

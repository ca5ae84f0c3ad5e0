package mountcheck.model.state;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The state invariants of docs/semantics.md §1.6, as a pure check. Each violated invariant is
 * reported with its name and the mounts involved; an empty list means the state is sound.
 */
public final class Invariants {
  private Invariants() {}

  /** One invariant, named, with the sentence that documents it. */
  public enum Rule {
    TREE_INDEX(
        "a mount is in its parent's children exactly when its parent field names that parent"),
    ONE_PER_MOUNTPOINT(
        "at most one mount is attached at any (parent, mountpoint) (6.17+ 'prevent mount hash"
            + " conflicts')"),
    MOUNTPOINT_IN_PARENT(
        "a mount's mountpoint is a directory of its parent's filesystem, at or below the parent's"
            + " root"),
    GROUP_INDEX("a mount is listed in peer group g exactly when its group is g"),
    PEERS_SHARE_MASTER("all members of a peer group have the same master"),
    MASTER_IS_SHARED(
        "a slave's master is a live, shared mount, and lists the slave in its slave list"),
    ONLY_SHARED_HAVE_SLAVES("a mount that is not shared has no slaves"),
    PROPAGATION_ACYCLIC("following masters from any peer group never returns to it"),
    UNBINDABLE_NOT_SHARED("an unbindable mount is not shared"),
    LOCKED_HAS_PARENT(
        "a locked mount has a parent (6.15+: parentless mounts are never MNT_LOCKED)"),
    NAMESPACE_CONSISTENT(
        "a mount is in its parent's namespace, and a namespace root has no parent"),
    NAMESPACE_COUNT(
        "a namespace's mount count equals the pre-existing mounts plus the modelled mounts in it"),
    TREE_ACYCLIC("following parents from any mount reaches its namespace root");

    public final String statement;

    Rule(String statement) {
      this.statement = statement;
    }
  }

  /** A violated invariant with a description of the offending mounts. */
  public record Violation(Rule rule, String detail) {
    @Override
    public String toString() {
      return rule + ": " + detail;
    }
  }

  public static List<Violation> check(MountTable t) {
    List<Violation> out = new ArrayList<>();
    Map<Integer, Integer> perNamespace = new HashMap<>();
    for (int id : t.mountIds()) {
      Mount m = t.mount(id);
      perNamespace.merge(m.namespace(), 1, Integer::sum);
      checkTree(t, m, out);
      checkPropagation(t, m, out);
      if (m.unbindable() && m.shared())
        out.add(new Violation(Rule.UNBINDABLE_NOT_SHARED, "mount " + id));
      if (m.locked() && !m.hasParent())
        out.add(new Violation(Rule.LOCKED_HAS_PARENT, "mount " + id));
    }
    for (int id : t.mountIds()) {
      Set<Integer> mountpoints = new HashSet<>();
      for (int c : t.children(id)) {
        if (!mountpoints.add(t.mount(c).mountpoint()))
          out.add(
              new Violation(
                  Rule.ONE_PER_MOUNTPOINT,
                  "parent " + id + " has two mounts at dentry " + t.mount(c).mountpoint()));
      }
    }
    checkGroups(t, out);
    checkAcyclic(t, out);
    for (Namespace ns : t.namespaces()) {
      int modelled = perNamespace.getOrDefault(ns.id(), 0);
      int rootAndHidden = ns.mountCount() - modelled;
      if (rootAndHidden < 0)
        out.add(
            new Violation(
                Rule.NAMESPACE_COUNT,
                "namespace " + ns.id() + " counts " + ns.mountCount() + " but holds " + modelled));
      Mount root = t.mount(ns.root());
      if (root == null || root.hasParent() || root.namespace() != ns.id())
        out.add(
            new Violation(
                Rule.NAMESPACE_CONSISTENT, "namespace " + ns.id() + " root " + ns.root()));
    }
    return out;
  }

  private static void checkTree(MountTable t, Mount m, List<Violation> out) {
    int id = m.id();
    if (m.hasParent()) {
      Mount p = t.mount(m.parent());
      if (p == null) {
        out.add(new Violation(Rule.TREE_INDEX, "mount " + id + " has freed parent " + m.parent()));
        return;
      }
      boolean listed = false;
      for (int c : t.children(m.parent())) if (c == id) listed = true;
      if (!listed)
        out.add(
            new Violation(
                Rule.TREE_INDEX, "mount " + id + " missing from children of " + m.parent()));
      Dentry mp = t.dentry(m.mountpoint());
      if (mp == null || !mp.isAtOrBelow(t.dentry(p.root())))
        out.add(
            new Violation(
                Rule.MOUNTPOINT_IN_PARENT,
                "mount " + id + " at dentry " + m.mountpoint() + " of parent " + m.parent()));
      if (p.namespace() != m.namespace())
        out.add(
            new Violation(
                Rule.NAMESPACE_CONSISTENT,
                "mount " + id + " in namespace " + m.namespace() + ", parent in " + p.namespace()));
    }
    for (int c : t.children(id)) {
      Mount child = t.mount(c);
      if (child == null || child.parent() != id)
        out.add(
            new Violation(
                Rule.TREE_INDEX,
                "children of "
                    + id
                    + " list "
                    + c
                    + " whose parent is "
                    + (child == null ? "freed" : child.parent())));
    }
  }

  private static void checkPropagation(MountTable t, Mount m, List<Violation> out) {
    int id = m.id();
    if (m.slave()) {
      Mount master = t.mount(m.master());
      boolean listed = false;
      if (master != null) for (int s : t.slaves(m.master())) if (s == id) listed = true;
      if (master == null || !master.shared() || !listed)
        out.add(new Violation(Rule.MASTER_IS_SHARED, "mount " + id + " has master " + m.master()));
    }
    int[] slaves = t.slaves(id);
    if (!m.shared() && slaves.length > 0)
      out.add(new Violation(Rule.ONLY_SHARED_HAVE_SLAVES, "mount " + id));
    for (int s : slaves) {
      Mount sm = t.mount(s);
      if (sm == null || sm.master() != id)
        out.add(new Violation(Rule.MASTER_IS_SHARED, "slave list of " + id + " lists " + s));
    }
  }

  private static void checkGroups(MountTable t, List<Violation> out) {
    for (int g : t.groups()) {
      Integer master = null;
      for (int p : t.groupMembers(g)) {
        Mount pm = t.mount(p);
        if (pm == null || pm.group() != g) {
          out.add(new Violation(Rule.GROUP_INDEX, "group " + g + " lists " + p));
          continue;
        }
        if (master == null) master = pm.master();
        else if (master != pm.master())
          out.add(
              new Violation(
                  Rule.PEERS_SHARE_MASTER,
                  "group " + g + ": masters " + master + " and " + pm.master()));
      }
    }
    for (int id : t.mountIds()) {
      Mount m = t.mount(id);
      if (!m.shared()) continue;
      boolean listed = false;
      for (int p : t.groupMembers(m.group())) if (p == id) listed = true;
      if (!listed)
        out.add(
            new Violation(Rule.GROUP_INDEX, "mount " + id + " missing from group " + m.group()));
    }
  }

  private static void checkAcyclic(MountTable t, List<Violation> out) {
    int limit = t.mountCount() + 1;
    for (int id : t.mountIds()) {
      int steps = 0;
      for (int x = t.mount(id).master(); x != 0 && t.mount(x) != null; x = t.mount(x).master()) {
        if (++steps > limit || t.mount(x).group() == t.mount(id).group() && t.mount(id).shared()) {
          out.add(new Violation(Rule.PROPAGATION_ACYCLIC, "master chain from " + id));
          break;
        }
      }
      steps = 0;
      for (int x = id; t.mount(x) != null && t.mount(x).hasParent(); x = t.mount(x).parent()) {
        if (++steps > limit) {
          out.add(new Violation(Rule.TREE_ACYCLIC, "parent chain from " + id));
          break;
        }
      }
    }
  }
}

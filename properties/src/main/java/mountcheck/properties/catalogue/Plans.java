package mountcheck.properties.catalogue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.StateMountInfo;
import mountcheck.model.umount.MountGraph;
import mountcheck.model.umount.Receivers;
import mountcheck.model.umount.Reparent;
import mountcheck.model.umount.UmountPlan;

/** Comparing propagate_umount plans, and checking one against the 2025 definitions. */
public final class Plans {
  private Plans() {}

  /** Null when both plans take the same victims and make the same reparents (as sets). */
  static String difference(
      String leftName, UmountPlan left, String rightName, UmountPlan right, MountTable before) {
    Set<Integer> lv = new HashSet<>(left.victims());
    Set<Integer> rv = new HashSet<>(right.victims());
    Set<Reparent> lr = new HashSet<>(left.reparents());
    Set<Reparent> rr = new HashSet<>(right.reparents());
    if (lv.equals(rv) && lr.equals(rr)) return null;
    return leftName
        + " takes "
        + mounts(before, lv)
        + " and reparents "
        + reparents(before, lr)
        + "; "
        + rightName
        + " takes "
        + mounts(before, rv)
        + " and reparents "
        + reparents(before, rr);
  }

  /**
   * Null when the plan keeps the 2025 rule's promises: it takes all of U and only candidates
   * besides; whatever is mounted strictly inside a victim is a victim with its whole subtree
   * (non-shifting); a locked victim's parent is a victim (non-revealing); and only survivors are
   * reparented (da025cdb97a2).
   */
  static String unsound(MountGraph g, List<Integer> u, UmountPlan plan, MountTable before) {
    Set<Integer> victims = new HashSet<>(plan.victims());
    if (!victims.containsAll(u))
      return "victims " + mounts(before, victims) + " miss part of U " + mounts(before, u);
    Set<Integer> allowed = new HashSet<>(u);
    allowed.addAll(candidates(g, u));
    for (int v : victims)
      if (!allowed.contains(v))
        return "victim " + describe(before, v) + " is neither in U nor a candidate";
    for (int v : victims) {
      for (int c : g.children(v)) {
        if (g.mountpoint(c) == g.root(v)) continue;
        for (int x : subtree(g, c)) {
          if (!victims.contains(x))
            return "shifting: "
                + describe(before, x)
                + " stays inside victim "
                + describe(before, v);
        }
      }
      if (g.locked(v) && !victims.contains(g.parent(v)))
        return "revealing: locked victim " + describe(before, v) + " has a surviving parent";
    }
    for (Reparent r : plan.reparents()) {
      if (victims.contains(r.mount())) return "reparents victim " + describe(before, r.mount());
    }
    return null;
  }

  /** lookup(r, m.mountpoint) for m in U and r a receiver of m's parent, minus U. */
  public static Set<Integer> candidates(MountGraph g, Collection<Integer> u) {
    Set<Integer> out = new HashSet<>();
    Set<Integer> inU = new HashSet<>(u);
    for (int m : u) {
      int p = g.parent(m);
      if (p == MountGraph.NONE) continue;
      for (int r : Receivers.of(g, p)) {
        int c = g.lookup(r, g.mountpoint(m));
        if (c != MountGraph.NONE && !inU.contains(c)) out.add(c);
      }
    }
    return out;
  }

  /** The distinct receivers walked from the parents of U. */
  static Set<Integer> receiversWalked(MountGraph g, Collection<Integer> u) {
    Set<Integer> out = new HashSet<>();
    Set<Integer> parents = new HashSet<>();
    for (int m : u) if (g.parent(m) != MountGraph.NONE) parents.add(g.parent(m));
    for (int p : parents) out.addAll(Receivers.of(g, p));
    return out;
  }

  static List<Integer> subtree(MountGraph g, int root) {
    List<Integer> out = new ArrayList<>();
    ArrayDeque<Integer> work = new ArrayDeque<>();
    work.push(root);
    while (!work.isEmpty()) {
      int m = work.pop();
      out.add(m);
      for (int c : g.children(m)) work.push(c);
    }
    return out;
  }

  static String mounts(MountTable t, Collection<Integer> ids) {
    return new TreeSet<>(ids)
        .stream().map(id -> describe(t, id)).collect(Collectors.joining(", ", "{", "}"));
  }

  private static String reparents(MountTable t, Collection<Reparent> rs) {
    return rs.stream()
        .map(r -> describe(t, r.mount()) + "->" + describe(t, r.newParent()))
        .sorted()
        .collect(Collectors.joining(", ", "{", "}"));
  }

  static String describe(MountTable t, int id) {
    return StateMountInfo.describe(t, id);
  }
}

package mountcheck.model.semantics;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTableBuilder;

/**
 * Walks the propagation graph from a mount, one peer group at a time, masters before slaves (the
 * order of next_group() in fs/pnode.c). A "group" is a peer group, or a single mount that is a
 * slave without being shared. Each group is reported with the group it receives from. With {@code
 * detachedPeersHideSlaves} (KernelRule.DETACHED_PEER_HIDES_SLAVES) the slaves of a member in an
 * anonymous namespace are not reached either.
 */
final class PropagationWalk {
  private PropagationWalk() {}

  /** One receiving group: its members in ring order, and the index of its upstream group. */
  record Group(int[] members, int upstream) {}

  /** The origin's own group first (index 0, upstream -1), then downstream groups. */
  static List<Group> groups(MountTableBuilder t, int origin, boolean detachedPeersHideSlaves) {
    List<Group> out = new ArrayList<>();
    Mount o = t.mount(origin);
    out.add(new Group(o.shared() ? t.groupMembers(o.group()) : new int[] {origin}, -1));
    Set<Integer> seenGroups = new HashSet<>();
    Set<Integer> seenSingles = new HashSet<>();
    if (o.shared()) seenGroups.add(o.group());
    ArrayDeque<Integer> work = new ArrayDeque<>();
    work.add(0);
    // depth-first so that a group's downstream follows it, as next_group() does
    while (!work.isEmpty()) {
      int gi = work.pollLast();
      List<Integer> found = new ArrayList<>();
      for (int member : out.get(gi).members()) {
        // next_group() skips the slaves of IS_MNT_NEW() mounts. The walk runs before any copy is
        // made, so the only new mounts here are the tree being attached: a fresh mount or bind copy
        // has no slaves yet, and a detached tree being attached (namespace 0 in the model, still
        // its anonymous namespace in the kernel) has its slaves walked on 6.15 and later
        int ns = t.mount(member).namespace();
        if (detachedPeersHideSlaves && (ns == 0 || t.namespace(ns).anonymous())) continue;
        for (int s : t.slaves(member)) {
          Mount sm = t.mount(s);
          int[] members;
          if (sm.shared()) {
            if (!seenGroups.add(sm.group())) continue;
            members = t.groupMembers(sm.group());
          } else {
            if (!seenSingles.add(s)) continue;
            members = new int[] {s};
          }
          out.add(new Group(members, gi));
          found.add(out.size() - 1);
        }
      }
      for (int i = found.size() - 1; i >= 0; i--) work.add(found.get(i));
    }
    return out;
  }

  /** Receivers(p): every peer of p but p, and everything downstream of p's group. */
  static List<Integer> receivers(MountTableBuilder t, int origin, boolean detachedPeersHideSlaves) {
    List<Integer> out = new ArrayList<>();
    for (Group g : groups(t, origin, detachedPeersHideSlaves))
      for (int m : g.members()) if (m != origin) out.add(m);
    return out;
  }
}

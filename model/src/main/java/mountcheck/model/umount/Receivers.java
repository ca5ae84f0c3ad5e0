package mountcheck.model.umount;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Receivers(p) of fs/pnode.c's propagation_next() walk: every peer of p except p, and every mount
 * downstream of p's peer group through slave lists and their peer groups, transitively.
 */
public final class Receivers {
  private Receivers() {}

  public static List<Integer> of(MountGraph g, int origin) {
    List<Integer> out = new ArrayList<>();
    Set<Integer> seen = new HashSet<>();
    ArrayDeque<Integer> expand = new ArrayDeque<>();
    for (int p : g.peers(origin)) {
      seen.add(p);
      expand.add(p);
      if (p != origin) out.add(p);
    }
    while (!expand.isEmpty()) {
      int x = expand.poll();
      for (int s : g.slaves(x)) {
        if (seen.contains(s)) continue;
        for (int q : g.peers(s)) {
          if (seen.add(q)) {
            out.add(q);
            expand.add(q);
          }
        }
      }
    }
    return out;
  }
}

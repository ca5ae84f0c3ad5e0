package mountcheck.model.umount;

import java.util.List;

/**
 * What propagate_umount decides: every victim (U first, in its order, then the propagated victims),
 * the surviving overmounts to reparent, and a work counter (hash lookups plus mounts visited) that
 * measures the algorithm's cost independently of the machine.
 */
public record UmountPlan(List<Integer> victims, List<Reparent> reparents, long work) {
  public UmountPlan {
    // an IntList.Frozen is immutable already; copying it would box a million ids
    victims = victims instanceof IntList.Frozen ? victims : List.copyOf(victims);
    reparents = List.copyOf(reparents);
  }
}

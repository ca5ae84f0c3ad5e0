package mountcheck.model.rcu;

import java.util.List;

/**
 * One operation of a task: its kind, the mount it targets (-1 for none), whether it is lazy
 * (MNT_DETACH, or umount_tree without UMOUNT_SYNC), and the steps it takes in order.
 */
public record Op(OpKind kind, int mount, boolean lazy, List<UpdaterStep> steps) {
  public Op {
    steps = List.copyOf(steps);
  }
}

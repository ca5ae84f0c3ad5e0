package mountcheck.model.rcu;

import java.util.List;

/** A callback or rcu_work item waiting for grace period {@code gp}, with the mounts it handles. */
public record Callback(CallbackKind kind, int gp, List<Integer> mounts) {
  public Callback {
    mounts = List.copyOf(mounts);
  }
}

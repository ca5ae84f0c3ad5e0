package mountcheck.model.rcu;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import mountcheck.model.ops.Nsenter;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Umount;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;

/**
 * Where a mount scenario meets the lifetime model (docs/semantics.md §2.11 rule 6, §4): a umount
 * line of the scenario that took mounts, with how many of its victims the shell still held. A lazy
 * umount of a held mount is the state in which the deferral of the grace period is argued about:
 * the mount is detached but alive, and its final mntput is the holder's.
 *
 * <p>{@link #scope(int)} and {@link #scenario()} give the lifetime model's start for that line: the
 * umounting task umounts the victims one after the other (at most two, the explorer's scope), and
 * each held reference is a holder of the last one.
 *
 * @param line the scenario line
 * @param lazy umount -l
 * @param victims how many mounts the line took out of the tree
 * @param holders references the shell held on them when it returned
 */
public record HeldUmount(int line, boolean lazy, int victims, int holders) {

  /** Every umount line of an observed run that took mounts, in order. */
  public static List<HeldUmount> of(ScenarioRunner.ObservedRun run) {
    List<HeldUmount> out = new ArrayList<>();
    MountTable before = run.initial();
    for (ScenarioRunner.ObservedStep step : run.steps()) {
      Operation op = step.step().operation();
      if (op instanceof Nsenter n) op = n.command();
      MountTable after = step.after();
      if (op instanceof Umount u && step.failure() == null) {
        int victims = before.mountCount() - after.mountCount();
        Set<Integer> newlyDetached = new HashSet<>(after.shell().detached().keySet());
        newlyDetached.removeAll(before.shell().detached().keySet());
        int holders = 0;
        for (int m : newlyDetached) holders += after.shell().references(m);
        if (victims > 0) out.add(new HeldUmount(step.step().line(), u.lazy(), victims, holders));
      }
      before = after;
    }
    return out;
  }

  /** umount -l or plain umount in the lifetime model. */
  public RcuScenario scenario() {
    return lazy ? RcuScenario.UMOUNT_LAZY : RcuScenario.UMOUNT_SYNC;
  }

  /** The lifetime model's scope for this line with {@code readers} racing path walkers. */
  public Scope scope(int readers) {
    int mounts = Math.min(2, victims);
    return new Scope(Math.max(1, readers), readers, mounts, Math.min(2, holders), 1, 1);
  }
}

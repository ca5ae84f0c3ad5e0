package mountcheck.experiments.bench;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.ChangeType;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Propagation;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Step;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.MountTableGraph;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.umount.MountGraph;
import mountcheck.model.umount.OverlapFamily;

/**
 * One member of the overlap family of 296990deb389 and the U of {@code umount -l /mnt/1} on it: the
 * input every generation's {@code plan} is timed on.
 *
 * @param n the number of self-binds
 * @param mounts mounts under /mnt, /mnt included: 2^(N+1) + 1, the commit's "mounts" column
 * @param graph the state before the umount
 * @param u the subtree of /mnt/1 in preorder, root first
 */
public record OverlapWorkload(int n, int mounts, MountGraph graph, List<Integer> u) {

  /** Where the family comes from: built directly, or by running its commands through the model. */
  public enum Source {
    DIRECT,
    MODEL
  }

  public static OverlapWorkload build(Source source, int n) {
    return source == Source.DIRECT ? direct(n) : model(n);
  }

  /** The family as {@link OverlapFamily} builds it: O(1) arithmetic, nothing stored per mount. */
  public static OverlapWorkload direct(int n) {
    OverlapFamily f = new OverlapFamily(n);
    return new OverlapWorkload(n, f.mountCount(), f, f.firstChain());
  }

  /** Mounts of the family: 2^(N+1) + 1. */
  public static int mountCount(int n) {
    return (1 << (n + 1)) + 1;
  }

  /** Mounts {@code umount -l /mnt/1} takes on the kernel: all but /mnt and /mnt/2. */
  public static int kernelVictims(int n) {
    return mountCount(n) - 2;
  }

  /** The family's commands, as the commit gives them, up to (not including) the umount. */
  public static Scenario commands(int n) {
    List<Operation> ops = new ArrayList<>();
    ops.add(new MountTmpfs("zdtm", "/mnt"));
    ops.add(new MakeDirs(List.of("/mnt/1", "/mnt/2")));
    ops.add(new MountTmpfs("zdtm", "/mnt/1"));
    ops.add(new ChangeType(Propagation.SHARED, false, "/mnt/1"));
    ops.add(new MakeDirs(List.of("/mnt/1/1")));
    for (int i = 0; i < n; i++) {
      ops.add(new Bind("/mnt/1/1", "/mnt/1/1", false));
    }
    ops.add(new Bind("/mnt/1", "/mnt/2", true));
    List<Step> steps = new ArrayList<>();
    for (Operation op : ops) {
      steps.add(new Step(steps.size() + 1, op));
    }
    return new Scenario("overlap-family-" + n, steps);
  }

  /**
   * The family built by the real model (Linux 6.18 semantics) from {@link #commands}, in a
   * namespace that holds only its root mount and has no mount limit in reach.
   */
  public static OverlapWorkload model(int n) {
    ScenarioRunner.Run run =
        new ScenarioRunner(Model.linux()).run(commands(n), MountTable.initial(1 << 30, 1));
    if (!run.failures().isEmpty()) {
      throw new IllegalStateException("overlap family N=" + n + ": " + run.failures().get(0));
    }
    MountTable state = run.state();
    int root = state.currentNamespace().root();
    int mnt =
        topOfStack(
            state, state.lookup(root, state.dentryAt(state.mount(root).superblock(), "/mnt")));
    int mnt1 = state.lookup(mnt, state.childDentry(state.mount(mnt).root(), "1"));
    int mounts = state.mountCount() - 1; // all but the namespace root
    if (mnt1 == 0 || mounts != mountCount(n)) {
      throw new IllegalStateException(
          "overlap family N="
              + n
              + ": the model built "
              + mounts
              + " mounts under /mnt, expected "
              + mountCount(n));
    }
    return new OverlapWorkload(n, mounts, new MountTableGraph(state), subtree(state, mnt1));
  }

  private static int topOfStack(MountTable state, int m) {
    int top = m;
    for (int o = state.overmount(top); o != 0; o = state.overmount(top)) {
      top = o;
    }
    return top;
  }

  private static List<Integer> subtree(MountTable state, int root) {
    List<Integer> out = new ArrayList<>();
    ArrayDeque<Integer> work = new ArrayDeque<>();
    work.push(root);
    while (!work.isEmpty()) {
      int m = work.pop();
      out.add(m);
      int[] kids = state.children(m);
      for (int i = kids.length - 1; i >= 0; i--) {
        work.push(kids[i]);
      }
    }
    return List.copyOf(out);
  }
}

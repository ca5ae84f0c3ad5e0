package mountcheck.z3;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.ChangeType;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Move;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Propagation;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Umount;
import mountcheck.model.ops.Unshare;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.Result;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.MountInfoRow;
import mountcheck.model.text.StateMountInfo;

/**
 * Random model states for cross-checks: a seeded scenario over a small pool of paths under /mnt
 * (tmpfs mounts, mkdir, bind and rbind, often into the source's own subtree, the four type changes
 * and their recursive forms, moves, umount and umount -l, and {@code unshare -m} / {@code unshare
 * -Urm} with {@code --propagation unchanged}), run through {@link Model#linux()}. Commands that
 * would take the state past a mount cap are left out of the scenario; commands that fail stay in it
 * (they change nothing).
 *
 * <p>This generator is deliberately separate from the catalogue's generators ({@code
 * properties/generators}): the Z3 oracle is an independent cross-check of the model, so it draws
 * its states independently too (the z3 module depends on the model only), and a blind spot of the
 * catalogue's generators is not shared by it.
 */
public final class RandomStates {
  private static final List<String> PATHS = paths();
  private final int mountCap;
  private final int length;

  /**
   * @param mountCap the most live mounts (all namespaces) a state may have
   * @param length how many random commands to try after the fixed prologue
   */
  public RandomStates(int mountCap, int length) {
    this.mountCap = mountCap;
    this.length = length;
  }

  /** The starting state of every scenario (mount-max 100000, one pre-existing mount). */
  public static MountTable initial() {
    return MountTable.initial(100000, 1);
  }

  /** The scenario for one seed (the same seed always gives the same scenario). */
  public Scenario scenario(long seed) {
    Random rnd = new Random(seed);
    Model model = Model.linux();
    List<Operation> ops = new ArrayList<>();
    ops.add(new MountTmpfs("s", "/mnt"));
    ops.add(new MakeDirs(PATHS.subList(1, PATHS.size())));
    MountTable state = initial();
    for (Operation op : ops) state = ((Result.Ok<MountTable>) model.apply(state, op)).value();
    int unshares = 0;
    for (int i = 0; i < length; i++) {
      Operation op = randomOperation(rnd, mountPoints(state), unshares < 2);
      Result<MountTable> r = model.apply(state, op);
      if (r instanceof Result.Ok<MountTable> ok) {
        if (ok.value().mountCount() > mountCap) continue;
        state = ok.value();
      }
      if (op instanceof Unshare) unshares++;
      ops.add(op);
    }
    return Scenario.of("random-" + seed, ops);
  }

  /** The final state of {@link #scenario(long)}, run by {@link ScenarioRunner}. */
  public MountTable state(long seed) {
    return new ScenarioRunner(Model.linux()).run(scenario(seed), initial()).state();
  }

  /** Paths under /mnt where the current namespace has a mount (mount roots). */
  private static List<String> mountPoints(MountTable state) {
    return StateMountInfo.rows(state).stream()
        .map(MountInfoRow::mountPoint)
        .filter(PATHS::contains)
        .distinct()
        .toList();
  }

  private static Operation randomOperation(Random rnd, List<String> mounted, boolean mayUnshare) {
    String p = pick(rnd);
    // commands that need a mount root mostly get one
    String m =
        mounted.isEmpty() || rnd.nextInt(4) == 0 ? p : mounted.get(rnd.nextInt(mounted.size()));
    int w = rnd.nextInt(100);
    if (w < 8) return new MakeDirs(List.of(p));
    if (w < 24) return new MountTmpfs("t" + rnd.nextInt(10), p);
    if (w < 48) return new Bind(rnd.nextBoolean() ? m : p, bindTarget(rnd, p), rnd.nextInt(3) == 0);
    if (w < 78) {
      Propagation[] types = {
        Propagation.SHARED,
        Propagation.SHARED,
        Propagation.SHARED,
        Propagation.SLAVE,
        Propagation.SLAVE,
        Propagation.PRIVATE,
        Propagation.UNBINDABLE
      };
      return new ChangeType(types[rnd.nextInt(types.length)], rnd.nextInt(4) == 0, m);
    }
    // /mnt itself stays, or the rest of the scenario would only fail
    String below = m.equals("/mnt") ? pick(rnd) : m;
    if (w < 83) return new Move(below, pick(rnd));
    if (w < 95 || !mayUnshare) return new Umount(below, rnd.nextBoolean());
    return new Unshare(rnd.nextBoolean(), Unshare.NamespacePropagation.UNCHANGED);
  }

  /** Half the time a path inside the source (or the source itself), else any path. */
  private static String bindTarget(Random rnd, String source) {
    if (rnd.nextBoolean()) {
      List<String> inside =
          PATHS.stream().filter(q -> q.equals(source) || q.startsWith(source + "/")).toList();
      return inside.get(rnd.nextInt(inside.size()));
    }
    return pick(rnd);
  }

  private static String pick(Random rnd) {
    return PATHS.get(rnd.nextInt(PATHS.size()));
  }

  private static List<String> paths() {
    List<String> out = new ArrayList<>(List.of("/mnt"));
    for (String a : List.of("a", "b", "c")) {
      out.add("/mnt/" + a);
      for (String b : List.of("a", "b")) {
        out.add("/mnt/" + a + "/" + b);
        if (!a.equals("c")) out.add("/mnt/" + a + "/" + b + "/a");
      }
    }
    return List.copyOf(out);
  }
}

package mountcheck.properties.catalogue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import mountcheck.engine.Gen;
import mountcheck.engine.Labeller;
import mountcheck.engine.Property;
import mountcheck.engine.Verdict;
import mountcheck.model.events.MountEvent;
import mountcheck.model.events.StepChanges;
import mountcheck.model.events.Watcher;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.ChangeDirectory;
import mountcheck.model.ops.ChangeType;
import mountcheck.model.ops.HoldFile;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Move;
import mountcheck.model.ops.Nsenter;
import mountcheck.model.ops.OpenTree;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.PersistNamespace;
import mountcheck.model.ops.Propagation;
import mountcheck.model.ops.RemoveDirs;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Umount;
import mountcheck.model.ops.Unshare;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.Result;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTable;
import mountcheck.properties.scenario.ScenarioShrinker;

/**
 * The change stream is complete: a watcher that starts from a snapshot of a namespace and then only
 * applies that namespace's events holds, after every command, exactly the namespace's mounts, with
 * no attach of a mount it knows and no detach or move of one it does not. Every namespace is
 * watched from the moment it exists (the scenario's first, each unshare's, each namespace kept on a
 * file), a namespace torn down when its last reference goes leaves an empty watcher, and at the end
 * the shells exit innermost first, tearing every namespace down (with the namespaces only they kept
 * alive), after which every watcher is empty.
 */
public final class WatcherProperty {
  static final String NAME = "watcher-follows-change-stream";
  static final String PROPAGATED = "propagated-attach";
  static final String NAMESPACES = "events-in-two-namespaces";
  static final String LAZY_SUBTREE = "lazy-umount-of-subtree";
  static final String UMOUNT_PROPAGATION = "umount-propagation";
  static final String MOVED = "move";
  static final String REPARENTED = "reparent";
  public static final String UNSHARED = "unshare";
  static final String STALE_PARENT = "stale-parent-after-tuck";
  public static final String KEPT_ON_FILE = "namespace-kept-on-file";
  public static final String NSENTER = "nsenter";
  public static final String HELD = "held-reference";
  public static final String RMDIR = "rmdir";
  public static final String KEPT_TORN_DOWN = "kept-namespace-torn-down";
  public static final String KEPT_AT_EXIT = "kept-namespace-torn-down-at-exit";
  public static final String DETACHED_TREE = "detached-tree";

  /** The share of the free-form scenarios with {@code mountfd} lines. */
  static final double FD_API_SHARE = 0.15;

  private WatcherProperty() {}

  static Property<Scenario> property(Model model) {
    return Property.of(
            NAME,
            "a watcher that starts from a listmount snapshot of a namespace and applies only its"
                + " mount events (attach, detach, move) holds exactly the namespace's mounts after"
                + " every command and is empty after the namespace's teardown: nothing lost,"
                + " nothing duplicated",
            scenarios(),
            (s, labels) -> check(model, s, labels))
        .withTries(3000)
        .withTimeLimit(Duration.ofSeconds(8))
        .withShrinker(new ScenarioShrinker())
        .requiring(PROPAGATED, 0.10)
        .requiring(UMOUNT_PROPAGATION, 0.02)
        .requiring(LAZY_SUBTREE, 0.02)
        .requiring(MOVED, 0.01)
        // about 3% of the scenarios unshare the shell (5% before the attribute lines joined the
        // generator's kinds), a third keep namespaces on files instead
        .requiring(UNSHARED, 0.015)
        .requiring(KEPT_ON_FILE, 0.05)
        .requiring(KEPT_AT_EXIT, 0.02);
  }

  /**
   * The catalogue's scenarios with namespaces kept on files, nsenter, held references ({@code
   * exec}, {@code cd}) and rmdir, a share of them with {@code mountfd} lines ({@link
   * Catalogue#scenariosWithLiveNamespacesAndFdApi(double)}), and (one time in four) scenarios that
   * first move a mounted subtree, optionally onto a shared mount with a peer so that the move
   * propagates, then go on at random. The catalogue's free-form moves mostly fail (a move out of a
   * shared parent, or into itself).
   */
  public static Gen<Scenario> scenarios() {
    Gen<Scenario> catalogue = Catalogue.scenariosWithLiveNamespacesAndFdApi(FD_API_SHARE);
    return s -> {
      if (!s.drawCoin(0.25)) return catalogue.generate(s);
      List<Operation> ops = new ArrayList<>();
      ops.add(new MountTmpfs("r", "/mnt"));
      ops.add(new MakeDirs(List.of("/mnt/a", "/mnt/b", "/mnt/p")));
      ops.add(new MountTmpfs("x", "/mnt/a"));
      ops.add(new MakeDirs(List.of("/mnt/a/c")));
      ops.add(new MountTmpfs("y", "/mnt/a/c"));
      if (s.drawCoin(0.5)) {
        ops.add(new MakeDirs(List.of("/mnt/a/c/d")));
        ops.add(new MountTmpfs("z", "/mnt/a/c/d"));
      }
      if (s.drawCoin(0.5)) {
        ops.add(new ChangeType(Propagation.SHARED, false, "/mnt"));
        if (s.drawCoin(0.7)) ops.add(new Bind("/mnt", "/mnt/p", false));
      }
      ops.add(new Move("/mnt/a/c", "/mnt/b"));
      List<Operation> rest = catalogue.generate(s).operations();
      for (int i = 0; i < rest.size(); i++) {
        if (i == 0 && rest.get(i) instanceof MountTmpfs m && m.target().equals("/mnt")) continue;
        ops.add(rest.get(i));
      }
      return Scenario.of("watcher-move", ops);
    };
  }

  static Verdict check(Model model, Scenario s, Labeller labels) {
    MountTable initial = Catalogue.smallInitial();
    ScenarioRunner.ObservedRun run = new ScenarioRunner(model).observe(s, initial);
    Map<Integer, Watcher> watchers = new TreeMap<>();
    watchers.put(1, Watcher.fromSnapshot(1, snapshot(initial, 1)));
    for (ScenarioRunner.ObservedStep step : run.steps()) {
      MountTable after = step.after();
      label(step, labels);
      String failure = follow(watchers, step.events(), after, "after line " + step.step().line());
      if (failure != null)
        return Verdict.fail(failure + " (" + step.step().operation().toCommand() + ")");
      Set<Integer> alive = new HashSet<>();
      for (var ns : after.namespaces()) {
        // a detached tree's anonymous namespace has no namespace file to mark (docs/semantics.md
        // §2.13 rule 7): nothing in it is reported until it is attached
        if (ns.anonymous()) continue;
        alive.add(ns.id());
        if (!watchers.containsKey(ns.id()))
          watchers.put(ns.id(), Watcher.fromSnapshot(ns.id(), snapshot(after, ns.id())));
      }
      if (!alive.containsAll(watchers.keySet())) labels.label(KEPT_TORN_DOWN);
      for (Watcher w : watchers.values()) {
        if (!w.staleParents(snapshot(after, w.namespace())).isEmpty()) labels.label(STALE_PARENT);
      }
    }
    MountTable state = run.state();
    // innermost shell first; a shell that unshare -Ur started has no mount namespace of its own
    // and leaves it to the shell before it
    while (state.shell().parent() != null) {
      int ns = state.currentNamespace().id();
      Model.Observed o = model.teardown(state);
      state = ((Result.Ok<MountTable>) o.result()).value();
      String failure =
          follow(watchers, o.changes().events(), state, "after the exit of the shell in ns" + ns);
      if (failure != null) return Verdict.fail(failure);
      if (state.currentNamespace().id() == ns) continue;
      if (!watchers.get(ns).mounts().isEmpty())
        return Verdict.fail(
            "the watcher of torn-down ns" + ns + " still holds " + watchers.get(ns).mounts());
    }
    Set<Integer> keptBefore = new TreeSet<>();
    for (var ns : state.namespaces()) if (ns.id() != 1) keptBefore.add(ns.id());
    if (!keptBefore.isEmpty()) labels.label(KEPT_AT_EXIT);
    StepChanges last = model.lastTeardown(state);
    // the first shell was the last: every namespace, the kept ones included, is gone with it
    for (Map.Entry<Integer, Watcher> e : watchers.entrySet()) {
      Watcher w = e.getValue().apply(last.events(), id -> 0);
      if (!w.problems().isEmpty())
        return Verdict.fail(
            "at the exit of the first shell: ns" + e.getKey() + ": " + w.problems());
      if (!w.mounts().isEmpty())
        return Verdict.fail(
            "after the exit of the first shell the watcher of ns"
                + e.getKey()
                + " still holds "
                + w.mounts());
    }
    return Verdict.pass();
  }

  /** Applies the events to every watcher and compares each with its namespace in {@code after}. */
  private static String follow(
      Map<Integer, Watcher> watchers, List<MountEvent> events, MountTable after, String where) {
    for (Map.Entry<Integer, Watcher> e : watchers.entrySet()) {
      Watcher w = e.getValue().apply(events, id -> after.mount(id).parent());
      e.setValue(w);
      if (!w.problems().isEmpty())
        return where + ": watcher of ns" + w.namespace() + ": " + w.problems();
      Set<Integer> actual = snapshot(after, w.namespace()).keySet();
      if (!w.mounts().equals(new TreeSet<>(actual))) {
        return where
            + ": watcher of ns"
            + w.namespace()
            + " holds "
            + w.mounts()
            + ", the namespace has "
            + new TreeSet<>(actual);
      }
    }
    return null;
  }

  /** listmount() and statmount() of every mount of a namespace: mount id -> parent id. */
  static Map<Integer, Integer> snapshot(MountTable t, int ns) {
    Map<Integer, Integer> out = new HashMap<>();
    for (int id : t.mountIds()) {
      Mount m = t.mount(id);
      if (m.namespace() == ns) out.put(id, m.parent());
    }
    return out;
  }

  private static void label(ScenarioRunner.ObservedStep step, Labeller labels) {
    var op = step.step().operation();
    int attaches = 0;
    int detaches = 0;
    Set<Integer> namespaces = new HashSet<>();
    for (MountEvent e : step.events()) {
      namespaces.add(e.namespace());
      if (e.kind() == MountEvent.Kind.ATTACH) attaches++;
      if (e.kind() == MountEvent.Kind.DETACH) detaches++;
      if (e.kind() == MountEvent.Kind.MOVE) labels.label(op instanceof Move ? MOVED : REPARENTED);
    }
    if (namespaces.size() > 1) labels.label(NAMESPACES);
    if ((op instanceof MountTmpfs || op instanceof Bind b && !b.recursive()) && attaches > 1)
      labels.label(PROPAGATED);
    if (op instanceof Umount u && detaches > 1)
      labels.label(u.lazy() ? LAZY_SUBTREE : UMOUNT_PROPAGATION);
    if (op instanceof Unshare && step.failure() == null) labels.label(UNSHARED);
    if (op instanceof PersistNamespace && step.failure() == null) labels.label(KEPT_ON_FILE);
    if (op instanceof Nsenter) labels.label(NSENTER);
    if (op instanceof HoldFile || op instanceof ChangeDirectory) labels.label(HELD);
    if (op instanceof OpenTree o && o.copy() && step.failure() == null) labels.label(DETACHED_TREE);
    if (op instanceof RemoveDirs || op instanceof Nsenter n && n.command() instanceof RemoveDirs)
      labels.label(RMDIR);
  }
}

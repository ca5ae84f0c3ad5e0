package mountcheck.alloy;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import mountcheck.engine.Source;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Umount;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.MountTableGraph;
import mountcheck.model.semantics.Result;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.semantics.UmountTree;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTable;
import mountcheck.model.umount.Generations;
import mountcheck.model.umount.MountGraph;
import mountcheck.model.umount.Receivers;
import mountcheck.model.umount.UmountAlgorithm;
import mountcheck.properties.catalogue.Catalogue;
import mountcheck.properties.catalogue.Plans;

/**
 * The Alloy spec against the Java model on the model's own states: scenarios from the property
 * engine's generator are run up to an umount, the state propagate_umount is given is pinned as an
 * instance of subtrees.als, and the spec's receivers, candidates and maximal non-shifting,
 * non-revealing set must equal the model's (Receivers, the candidate definition, Viro2025).
 */
public final class ModelCrossCheck {
  private ModelCrossCheck() {}

  /** One compared instance: its scenario text, and what differed (empty when they agree). */
  public record Instance(String scenario, int mounts, int candidates, List<String> differences) {}

  /** The model state as neutral facts: every mount, with dentries as paths in their filesystem. */
  public static TableFacts facts(MountTable t, int umountTop) {
    List<MountFact> mounts = new ArrayList<>();
    for (int id : t.mountIds()) {
      Mount m = t.mount(id);
      String parent = m.hasParent() ? "m" + m.parent() : null;
      String mountpoint = m.hasParent() ? t.dentry(m.mountpoint()).path() : null;
      String group = m.shared() ? "g" + m.group() : null;
      String master = m.slave() ? "g" + t.mount(m.master()).group() : null;
      mounts.add(
          new MountFact(
              "m" + id,
              "f" + m.superblock(),
              t.dentry(m.root()).path(),
              parent,
              mountpoint,
              group,
              master,
              m.locked(),
              m.unbindable()));
    }
    return new TableFacts(mounts, "m" + umountTop);
  }

  /**
   * Compares up to {@code instances} states (generated from {@code seed}) with at most {@code
   * maxMounts} mounts, each just before an umount that reaches propagate_umount.
   */
  public static List<Instance> run(int instances, long seed, int maxMounts) {
    List<Instance> out = new ArrayList<>();
    Source source = new Source();
    Model model = Model.linux();
    for (int i = 0; out.size() < instances && i < instances * 200; i++) {
      source.resetRandom(seed + i, 20);
      Scenario s = Catalogue.scenarios().generate(source);
      UmountTree.Input input = lastUmountInput(model, s);
      if (input == null || input.before().mountCount() > maxMounts) continue;
      // mostly states whose umount propagates (the interesting ones), a quarter without
      boolean propagates =
          !Plans.candidates(new MountTableGraph(input.before()), input.u()).isEmpty();
      if (!propagates && out.size() % 4 != 0) continue;
      out.add(compare(s, input));
    }
    return out;
  }

  /** The input of propagate_umount at the scenario's last umount that gets that far, or null. */
  static UmountTree.Input lastUmountInput(Model model, Scenario s) {
    ScenarioRunner runner = new ScenarioRunner(model);
    UmountTree.Input found = null;
    List<Operation> ops = s.operations();
    MountTable state = MountTable.initial(41, 1);
    for (int k = 0; k < ops.size(); k++) {
      Operation op = ops.get(k);
      if (op instanceof Umount u
          && model.umountInput(state, u) instanceof Result.Ok<UmountTree.Input> ok)
        found = ok.value();
      state = runner.run(Scenario.of("prefix", List.of(op)), state).state();
    }
    return found;
  }

  static Instance compare(Scenario s, UmountTree.Input input) {
    return compare(s, input, Generations.byName("2025").orElseThrow());
  }

  /** The comparison with the model's answer given by {@code algorithm}. */
  static Instance compare(Scenario s, UmountTree.Input input, UmountAlgorithm algorithm) {
    MountTable t = input.before();
    int top = input.u().get(0);
    TableEvaluation alloy = TableEvaluator.of(facts(t, top)).evaluation();
    MountGraph g = new MountTableGraph(t);
    List<String> diffs = new ArrayList<>();
    for (int id : t.mountIds()) {
      Set<String> java = names(Receivers.of(g, id));
      Set<String> spec = alloy.receivers().getOrDefault("m" + id, Set.of());
      if (!java.equals(spec))
        diffs.add("receivers of m" + id + ": model " + java + ", spec " + spec);
    }
    Set<Integer> candidates = Plans.candidates(g, input.u());
    if (!names(candidates).equals(alloy.candidates()))
      diffs.add("candidates: model " + names(candidates) + ", spec " + alloy.candidates());
    Set<String> victims = names(algorithm.plan(g, input.u()).victims());
    if (!victims.equals(alloy.maximal()))
      diffs.add(
          algorithm.name()
              + " victims: model "
              + victims
              + ", spec maximal set "
              + alloy.maximal());
    String text =
        s.operations().stream().map(Operation::toCommand).collect(Collectors.joining("\n"));
    return new Instance(text, t.mountCount(), candidates.size(), diffs);
  }

  private static Set<String> names(Collection<Integer> ids) {
    return ids.stream().map(id -> "m" + id).collect(Collectors.toSet());
  }
}

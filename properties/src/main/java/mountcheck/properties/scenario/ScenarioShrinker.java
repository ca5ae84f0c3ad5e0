package mountcheck.properties.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import mountcheck.engine.ShrinkLimits;
import mountcheck.engine.ValueShrinker;
import mountcheck.model.ops.Scenario;

/**
 * Scenario-level shrinking, after choice-sequence shrinking: named passes of greedy rewrites of a
 * failing scenario (in the style of Hypothesis' shrink passes), each rewrite kept only when the
 * scenario still fails and its {@link ScenarioSize} drops. A round runs the passes in this order;
 * rounds repeat to a fixpoint or until the time or step limit:
 *
 * <ol>
 *   <li>{@code delete-steps}: delete runs of neighbouring commands, halving the run down to one;
 *   <li>{@code delete-namespace-blocks}: delete an {@code unshare} with the commands that run in
 *       its namespace ({@link ScenarioSpans});
 *   <li>{@code delete-subtrees}: delete every command that names a given directory or a path below
 *       it;
 *   <li>{@code merge-mkdirs}: fold a {@code mkdir -p} into an earlier one;
 *   <li>{@code plain-flags}: {@code --rbind} to {@code --bind}, {@code umount -l} to {@code
 *       umount}, {@code --make-rX} to {@code --make-X}, {@code unshare -Urm} to {@code unshare -m},
 *       {@code exec N<>PATH} to {@code exec N<PATH}, no {@code --propagation} option, an {@code
 *       nsenter} command in the shell's own namespace, {@code pivot_root NEW PUT_OLD} to {@code
 *       chroot NEW} or {@code pivot_root NEW NEW};
 *   <li>{@code delete-mkdir-paths}: drop paths from {@code mkdir -p} lists;
 *   <li>{@code collapse-directories}: drop a directory from every path at once ({@code /mnt/a/b/c}
 *       to {@code /mnt/a/c}, {@code /mnt/a/b} to {@code /mnt/a});
 *   <li>{@code shorten-paths}: replace one path of one command by its parent;
 *   <li>{@code merge-sources}, {@code rename-directories}, {@code rename-sources}: merge tmpfs
 *       source labels; rename directories and labels to one-letter names;
 *   <li>only when a round changed nothing, the first of these that helps: {@code delete-pairs}
 *       (drop two commands that are not next to each other), {@code swap-steps} (exchange two
 *       neighbouring commands with the same label, {@link ScenarioSpans}, into text order).
 * </ol>
 *
 * A candidate that does not parse back, or that the model does not model, is never checked when the
 * scenario it came from was runnable (a deleted root change line before {@code umount /}, a deleted
 * {@code open_tree} whose {@code mountfd chroot} then fails; {@link ScenarioValidity}); a
 * descriptor or a name that holds nothing is a scenario like any other (EBADF, or nothing to
 * close).
 *
 * <p>Each pass counts its runs, its calls (candidates checked), its successes (candidates kept) and
 * the characters of the script its successes removed; {@code check --verbose} prints them.
 */
public final class ScenarioShrinker implements ValueShrinker<Scenario> {
  /** The directory below which scenario paths live; it is never dropped. */
  public static final String BASE = "/mnt";

  private static final List<ScenarioShrinkPass> ALL =
      List.of(
          new ScenarioShrinkPass("delete-steps", false, ScenarioShrinkPasses::deleteSteps),
          new ScenarioShrinkPass(
              "delete-namespace-blocks", false, ScenarioShrinkPasses::deleteNamespaceBlocks),
          new ScenarioShrinkPass("delete-subtrees", false, ScenarioShrinkPasses::deleteSubtrees),
          new ScenarioShrinkPass("merge-mkdirs", false, ScenarioShrinkPasses::mergeMkdirs),
          new ScenarioShrinkPass("plain-flags", false, ScenarioShrinkPasses::plainFlags),
          new ScenarioShrinkPass(
              "delete-mkdir-paths", false, ScenarioShrinkPasses::deleteMkdirPaths),
          new ScenarioShrinkPass(
              "collapse-directories", false, ScenarioShrinkPasses::collapseDirectories),
          new ScenarioShrinkPass("shorten-paths", false, ScenarioShrinkPasses::shortenPaths),
          new ScenarioShrinkPass("merge-sources", false, ScenarioShrinkPasses::mergeSources),
          new ScenarioShrinkPass(
              "rename-directories", false, ScenarioShrinkPasses::renameDirectories),
          new ScenarioShrinkPass("rename-sources", false, ScenarioShrinkPasses::renameSources),
          new ScenarioShrinkPass("delete-pairs", true, ScenarioShrinkPasses::deletePairs),
          new ScenarioShrinkPass("swap-steps", true, ScenarioShrinkPasses::swapSteps));

  /** The pass names, in the order a round runs them. */
  public static final List<String> PASSES = ALL.stream().map(ScenarioShrinkPass::name).toList();

  private final List<ScenarioShrinkPass> passes;

  /** The shrinker with every pass. */
  public ScenarioShrinker() {
    this(PASSES);
  }

  /** The shrinker with only the named passes, run in the order of {@link #PASSES}. */
  public ScenarioShrinker(List<String> passNames) {
    for (String name : passNames) {
      if (!PASSES.contains(name)) {
        throw new IllegalArgumentException("unknown shrink pass " + name + "; passes: " + PASSES);
      }
    }
    List<ScenarioShrinkPass> chosen = new ArrayList<>();
    for (ScenarioShrinkPass p : ALL) if (passNames.contains(p.name())) chosen.add(p);
    this.passes = List.copyOf(chosen);
  }

  @Override
  public Scenario shrink(
      Scenario failing, Predicate<? super Scenario> stillFails, ShrinkLimits limits) {
    return shrinkWithStatistics(failing, stillFails, limits).value();
  }

  @Override
  public Shrunk<Scenario> shrinkWithStatistics(
      Scenario failing, Predicate<? super Scenario> stillFails, ShrinkLimits limits) {
    ScenarioShrinkRun run = new ScenarioShrinkRun(failing, stillFails, limits);
    for (ScenarioShrinkPass p : passes) run.register(p);
    boolean changed = true;
    while (changed && !run.stopped()) {
      changed = false;
      for (ScenarioShrinkPass p : passes) if (!p.whenStuck()) changed |= run.run(p);
      if (changed) continue;
      for (ScenarioShrinkPass p : passes) {
        if (p.whenStuck() && run.run(p)) {
          changed = true;
          break;
        }
      }
    }
    return new Shrunk<>(run.scenario(), run.statistics());
  }
}

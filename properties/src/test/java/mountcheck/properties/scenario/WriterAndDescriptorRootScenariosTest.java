package mountcheck.properties.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import mountcheck.engine.ShrinkLimits;
import mountcheck.engine.Source;
import mountcheck.model.coverage.CoverageRun;
import mountcheck.model.ops.ChangeRootToDescriptor;
import mountcheck.model.ops.HoldFile;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Umount;
import mountcheck.model.semantics.Errno;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ScenarioParser;
import mountcheck.model.text.ScenarioPrinter;
import mountcheck.properties.catalogue.Catalogue;
import mountcheck.properties.generators.MountApiFeatures;
import org.junit.jupiter.api.Test;

/**
 * The two line forms the generators draw since they landed: {@code exec N<>PATH}, a writer
 * (docs/semantics.md §2.19), with the remounts and mount_setattr calls it makes EBUSY, and {@code
 * mountfd chroot NAME} (§2.18) with {@code umount /} after it (never {@code umount -l /}). The
 * conformance campaigns draw them in a fair share of their scenarios, every one prints as lines
 * that parse back to itself and that the model runs, the model's answers to them reach the writers'
 * error sites, and the scenario shrinker keeps them runnable.
 */
class WriterAndDescriptorRootScenariosTest {
  private static final int SCENARIOS = 500;

  /** What {@code conform} draws, for a fixed seed. */
  private static List<Scenario> conformanceScenarios() {
    List<Scenario> out = new ArrayList<>();
    Source s = new Source();
    for (int i = 0; i < SCENARIOS; i++) {
      s.resetRandom(7_000 + i, 1 + i % 60);
      out.add(Catalogue.conformanceScenarios().generate(s));
    }
    return out;
  }

  private static ScenarioRunner.Run run(Scenario s) {
    return new ScenarioRunner(Model.linux()).run(s, MountTable.initial(100_000, 1));
  }

  @Test
  void theCampaignsDrawWritersAndDescriptorChrootsAndTheModelRunsEveryOne() {
    int writers = 0;
    int descriptorChroots = 0;
    int rootUmounts = 0;
    int lazyRootUmounts = 0;
    Set<String> hit = new HashSet<>();
    for (Scenario s : conformanceScenarios()) {
      String text = ScenarioPrinter.print(s);
      assertEquals(s.operations(), ScenarioParser.parse("g.sh", text).operations(), text);
      run(s); // throws for a line the model does not model
      hit.addAll(CoverageRun.of(s, MountTable.initial(100_000, 1)));
      if (MountApiFeatures.of(s).contains(MountApiFeatures.WRITERS)) writers++;
      if (s.operations().stream().anyMatch(op -> op instanceof ChangeRootToDescriptor))
        descriptorChroots++;
      for (Operation op : s.operations()) {
        if (op instanceof Umount u && u.target().equals("/")) {
          if (u.lazy()) lazyRootUmounts++;
          else rootUmounts++;
        }
      }
    }
    assertTrue(writers >= SCENARIOS / 20, "scenarios with a writer: " + writers);
    assertTrue(descriptorChroots >= 10, "scenarios with mountfd chroot: " + descriptorChroots);
    assertTrue(rootUmounts >= 2, "umount / lines: " + rootUmounts);
    // the lines after a lazy umount of the root would walk from outside the table (not modelled)
    assertEquals(0, lazyRootUmounts, "umount -l / lines");
    // the writers' error sites (ErrorSite.WRITERS, IS_DIRECTORY, READ_ONLY for exec)
    for (String target :
        List.of(
            "remount-bind/EBUSY/writers",
            "remount/EBUSY/writers",
            "mount_setattr/EBUSY/writers",
            "exec/EISDIR/is-directory",
            "exec/EROFS/read-only")) assertTrue(hit.contains(target), target + " not reached");
  }

  @Test
  void theNewLinesPrintAndParseBackUnchanged() {
    String text =
        String.join(
            "\n",
            "mount -t tmpfs t /mnt",
            "exec 3<>/mnt/w",
            "mountfd mount_setattr /mnt AT_RECURSIVE attr_set=ro",
            "exec 3<&-",
            "mountfd open_tree r /mnt",
            "mountfd chroot r",
            "umount /",
            "umount -l /",
            "");
    Scenario s = ScenarioParser.parse("t.sh", text);
    assertEquals(text, ScenarioPrinter.print(s));
    assertEquals(new HoldFile(3, "/mnt/w", true), s.operations().get(1));
    assertEquals(new ChangeRootToDescriptor("r"), s.operations().get(5));
    assertEquals(new Umount("/", true), s.operations().get(7));
  }

  /** Shrinks {@code s} while {@code fails} holds, with the step limit of a campaign. */
  private static Scenario shrink(Scenario s, Predicate<Scenario> fails) {
    return new ScenarioShrinker().shrink(s, fails, new ShrinkLimits(Duration.ofSeconds(20), 2_000));
  }

  @Test
  void shrinkingAnUmountOfTheRootKeepsTheRootChangeItNeeds() {
    Predicate<Scenario> namesRoot =
        s ->
            s.operations().stream()
                .anyMatch(op -> op instanceof Umount u && u.target().equals("/"));
    int shrunk = 0;
    for (Scenario s : conformanceScenarios()) {
      if (!namesRoot.test(s) || shrunk == 3) continue;
      shrunk++;
      Scenario small = shrink(s, namesRoot);
      String text = ScenarioPrinter.print(small);
      // without the validity check the shrinker deletes everything but the umount
      assertEquals(small.operations(), ScenarioParser.parse("s.sh", text).operations(), text);
      run(small);
      assertTrue(
          small.operations().stream().anyMatch(op -> op instanceof ChangeRootToDescriptor), text);
      assertTrue(small.operations().size() <= 5, text);
    }
    assertTrue(shrunk > 0, "no generated scenario names the root");
  }

  @Test
  void shrinkingAWritersEbusyKeepsAWriterAndARemountOrSetattr() {
    Predicate<Scenario> writersBusy =
        s ->
            run(s).failures().stream()
                .anyMatch(f -> f.errno() == Errno.EBUSY && f.reason().contains("writ"));
    int shrunk = 0;
    for (Scenario s : conformanceScenarios()) {
      if (shrunk == 3 || !writersBusy.test(s)) continue;
      shrunk++;
      Scenario small = shrink(s, writersBusy);
      String text = ScenarioPrinter.print(small);
      assertEquals(small.operations(), ScenarioParser.parse("s.sh", text).operations(), text);
      assertTrue(
          small.operations().stream().anyMatch(op -> op instanceof HoldFile h && h.write()), text);
      assertFalse(small.operations().size() > 4, text);
    }
    assertTrue(shrunk > 0, "no generated scenario's writer makes a line EBUSY");
  }
}

package mountcheck.experiments.seeds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mountcheck.process.ProcessRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SeedBenchPlanTest {
  @Test
  void headerSetsEveryParameterTheScriptReads() {
    SeedBenchPlan p =
        new SeedBenchPlan(
            List.of("000", "003"),
            List.of(10, 11),
            3,
            200,
            1000,
            4,
            8,
            64,
            1000,
            List.of(100, 1000),
            100,
            2);
    String h = p.header(false);
    assertTrue(h.contains("P_HOST=0\n"), h);
    assertTrue(h.contains("P_SEEDS=\"000 003\"\n"), h);
    assertTrue(h.contains("P_UMOUNT_NS=\"10 11\"\n"), h);
    assertTrue(h.contains("P_MI_SIZES=\"100 1000\"\n"), h);
    assertTrue(p.header(true).contains("P_HOST=1\n"));
    // every P_ variable the script uses is set by the header
    String body = SeedBenchPlan.SCRIPT_TEXT;
    Matcher m = Pattern.compile("\\$\\{?(P_[A-Z_]+)").matcher(body);
    while (m.find()) assertTrue(h.contains(m.group(1) + "="), m.group(1) + " is not in the header");
  }

  @Test
  void theScriptIsValidBash(@TempDir Path dir) throws Exception {
    Path script = dir.resolve("bench.sh");
    Files.writeString(script, SeedBenchPlan.defaults(false).script(false));
    ProcessRun.Execution run =
        ProcessRun.execute(List.of("bash", "-n", script.toString()), "", Duration.ofSeconds(20));
    assertEquals(0, run.exitStatus(), run.stderr());
  }

  @Test
  void theHostPlanGoesToN19AndTheGuestsToN15() {
    assertEquals(SeedBenchPlan.range(7, 19), SeedBenchPlan.defaults(true).umountNs());
    assertEquals(SeedBenchPlan.range(7, 15), SeedBenchPlan.defaults(false).umountNs());
    assertEquals(
        List.of("000", "001"),
        SeedBenchPlan.defaults(true).withSeeds(List.of("001", "000")).seeds(),
        "the experiments keep their order");
  }

  @Test
  void rejectsUnknownSeedsAndNonPositiveCounts() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new SeedBenchPlan(
                List.of("004"), List.of(10), 1, 1, 1, 1, 1, 1, 1, List.of(100), 1, 1));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new SeedBenchPlan(
                List.of("000"), List.of(10), 0, 1, 1, 1, 1, 1, 1, List.of(100), 1, 1));
  }
}

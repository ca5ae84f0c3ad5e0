package mountcheck.kernel.strace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mountcheck.kernel.KernelRequirement;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ScenarioParser;
import mountcheck.model.text.TableDiff;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * runc as a client, live (docs/runtime.md): record runc afresh with scripts/runtime-record,
 * translate its strace log, and compare the model's answer with the container's own table. Needs
 * the live kernel and runc, strace and busybox; under -Dmountcheck.requireKernel=true a missing one
 * fails the test.
 */
class RuntimeClientTest {
  private static final Path HOME = Path.of("..").toAbsolutePath().normalize();
  private static final String WHAT = "the container-runtime test";

  private static String missingTools() {
    List<String> missing = new ArrayList<>();
    for (String tool : List.of("runc", "strace", "busybox", "setpriv")) {
      boolean found = false;
      for (String dir : System.getenv().getOrDefault("PATH", "").split(":"))
        if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) found = true;
      if (!found) missing.add(tool);
    }
    return missing.isEmpty() ? null : "not installed: " + String.join(", ", missing);
  }

  @Test
  void theModelsAnswerToRuncsCallsIsTheContainersTable(@TempDir Path out) throws Exception {
    assumeTrue(KernelRequirement.usable(WHAT), () -> KernelRequirement.skipMessage(WHAT));
    String missing = missingTools();
    if (missing != null && KernelRequirement.required())
      fail(WHAT + " needs runc (" + KernelRequirement.PROPERTY + "=true) but: " + missing);
    assumeTrue(missing == null, () -> WHAT + " skipped: " + missing);

    Process p =
        new ProcessBuilder(HOME.resolve("scripts/runtime-record").toString(), out.toString())
            .redirectErrorStream(true)
            .start();
    String log = new String(p.getInputStream().readAllBytes());
    assertTrue(p.waitFor(50, TimeUnit.SECONDS), "runtime-record did not finish");
    assertEquals(0, p.exitValue(), log);

    String strace = Files.readString(out.resolve("runc.strace"));
    String container = Files.readString(out.resolve("runc.mountinfo"));
    String scenario = String.join("\n", StraceTranslator.translate("runc.strace", strace)) + "\n";
    ScenarioRunner.Run run =
        new ScenarioRunner(Model.linux())
            .run(ScenarioParser.parse("runc.sh", scenario), MountTable.initial(100_000, 1));
    assertEquals(List.of(), run.failures(), scenario);
    // the bundle's tmpfs and rbind (with its submount) are the rows below /mnt: a recording that
    // lost them would compare two empty tables
    assertEquals(3, ContainerTable.rowsBelowMnt(container).size(), container);
    assertEquals(
        List.of(),
        TableDiff.of(
                "model",
                ContainerTable.modelTable(run.state()),
                "container",
                ContainerTable.canonical(container))
            .lines(),
        scenario + "\n" + container);
  }

  @Test
  void theRecordingScriptRefusesBadUsage() throws IOException, InterruptedException {
    Process p =
        new ProcessBuilder(HOME.resolve("scripts/runtime-record").toString())
            .redirectErrorStream(true)
            .start();
    String text = new String(p.getInputStream().readAllBytes());
    assertTrue(p.waitFor(10, TimeUnit.SECONDS));
    assertEquals(2, p.exitValue(), text);
    assertTrue(text.contains("usage: runtime-record OUTDIR [CONFIG]"), text);
  }
}

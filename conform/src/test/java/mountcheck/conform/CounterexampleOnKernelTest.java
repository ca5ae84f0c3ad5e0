package mountcheck.conform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mountcheck.kernel.KernelRequirement;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Scenario;
import mountcheck.properties.counterexample.CounterexampleHeader;
import mountcheck.properties.counterexample.CounterexampleReader;
import mountcheck.properties.counterexample.CounterexampleWriter;
import mountcheck.properties.counterexample.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A written counterexample runs on the live kernel exactly as its {@code # run:} line says. The
 * scenario mounts only inside the fresh {@code unshare -Urm} namespace, below /mnt.
 */
class CounterexampleOnKernelTest {
  private static String run(String command, Path dir) throws Exception {
    Process p =
        new ProcessBuilder("timeout", "20", "bash", "-c", command)
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(30, TimeUnit.SECONDS), "finished");
    assertEquals(0, p.exitValue(), out);
    return out;
  }

  @Test
  void theRunLineReplaysTheFileUnchanged(@TempDir Path dir) throws Exception {
    assumeTrue(
        KernelRequirement.usable("kernel replay of the run line"),
        () -> KernelRequirement.skipMessage("kernel replay of the run line"));
    Scenario s =
        Scenario.of(
            "kernel",
            List.of(
                new MountTmpfs("cxtest", "/mnt"),
                new MakeDirs(List.of("/mnt/x")),
                new Bind("/mnt/x", "/mnt/x", false)));
    Path file =
        CounterexampleWriter.write(
            dir, CounterexampleHeader.of("kernel-replay", Status.WITNESS), s);
    String runLine = CounterexampleReader.readFields(file).get("run");
    assertTrue(runLine.endsWith("< " + file), runLine);
    // exit status 0: bash ran the header as comments and the last command succeeded
    run(runLine, dir);
    // the same pipeline with a look at the mount table appended shows the scenario took effect
    String out =
        run(
            runLine.replace(
                "< " + file, "< <(cat " + file + "; echo 'grep \" /mnt\" /proc/self/mountinfo')"),
            dir);
    assertTrue(out.contains(" /mnt/x ") && out.contains("cxtest"), out);
  }
}

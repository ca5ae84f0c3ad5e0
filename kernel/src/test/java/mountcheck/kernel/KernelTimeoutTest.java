package mountcheck.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import mountcheck.model.text.ScenarioParser;
import mountcheck.process.ProcessRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(HostMountTableUnchanged.class)
class KernelTimeoutTest {

  @BeforeAll
  static void kernel() {
    KernelTests.assumeKernel();
  }

  @Test
  void killsTheWholeTreeOfNestedShells() throws Exception {
    String script =
        "echo pid $$\n"
            + "unshare -m /bin/bash --norc --noprofile\n"
            + "echo pid $$\n"
            + "unshare -Urm /bin/bash --norc --noprofile\n"
            + "echo pid $$\n"
            + "sleep 987 & echo pid $!\n"
            + "sleep 987\n";
    ProcessRun.Execution run =
        ProcessRun.execute(
            List.of("unshare", "-Urm", "/bin/bash", "--norc", "--noprofile"),
            script,
            Duration.ofSeconds(2));
    assertTrue(run.timedOut());
    List<Long> pids =
        run.stdout()
            .lines()
            .filter(l -> l.startsWith("pid "))
            .map(l -> Long.parseLong(l.substring(4)))
            .toList();
    assertEquals(4, pids.size(), run.stdout());
    for (long pid : pids)
      assertFalse(ProcessHandle.of(pid).map(ProcessRun::running).orElse(false), "process " + pid);
  }

  /**
   * Sixteen binds of a directory onto itself make a chain of 65537 stacked mounts; reading its
   * mountinfo is quadratic in the chain's depth (docs/measurements.md §1b) and takes minutes, so
   * the final dump cannot finish within one second.
   */
  @Test
  void aSlowScenarioIsATimeoutError() {
    StringBuilder s = new StringBuilder("mount -t tmpfs zdtm /mnt\nmkdir -p /mnt/1\n");
    s.append("mount -t tmpfs zdtm /mnt/1\nmount --make-shared /mnt/1\nmkdir -p /mnt/1/1\n");
    for (int i = 0; i < 16; i++) s.append("mount --bind /mnt/1/1 /mnt/1/1\n");
    KernelRunner runner = new KernelRunner(Duration.ofSeconds(1));
    KernelTimeoutException e =
        assertThrows(
            KernelTimeoutException.class,
            () -> runner.run(ScenarioParser.parse("chain.sh", s.toString())));
    assertEquals(
        "scenario chain.sh exceeded its time limit of 1 s; its processes were killed",
        e.getMessage());
  }
}

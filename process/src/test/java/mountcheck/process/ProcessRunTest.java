package mountcheck.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProcessRunTest {
  @Test
  void runsInACleanEnvironmentWithItsInputOnStdin() throws Exception {
    ProcessRun.Execution run =
        ProcessRun.execute(
            List.of("bash", "--norc", "--noprofile"),
            "read line; echo \"got $line\"; env | sort; echo oops >&2; exit 3\n"
                + "a line of input\n",
            Duration.ofSeconds(20));
    assertFalse(run.timedOut());
    assertEquals(3, run.exitStatus());
    assertEquals("oops\n", run.stderr());
    List<String> lines = run.stdout().lines().toList();
    assertEquals("got a line of input", lines.get(0));
    // env -i leaves only what ProcessRun sets, plus what bash itself exports
    assertTrue(lines.contains("LC_ALL=C"), run.stdout());
    assertTrue(
        lines.contains("PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"),
        run.stdout());
    assertTrue(lines.contains("SHELL=/bin/bash"), run.stdout());
    assertFalse(lines.stream().anyMatch(l -> l.startsWith("HOME=")), run.stdout());
  }

  @Test
  void aRunOverItsLimitIsKilledWithItsChildren() throws Exception {
    ProcessRun.Execution run =
        ProcessRun.execute(
            List.of("bash", "--norc", "--noprofile"),
            "sleep 987 & echo pid $!\nbash -c 'echo pid $$; sleep 987'\n",
            Duration.ofSeconds(2));
    assertTrue(run.timedOut());
    assertEquals(-1, run.exitStatus());
    List<Long> pids =
        run.stdout()
            .lines()
            .filter(l -> l.startsWith("pid "))
            .map(l -> Long.parseLong(l.substring(4)))
            .toList();
    assertEquals(2, pids.size(), run.stdout());
    for (long pid : pids)
      assertFalse(ProcessHandle.of(pid).map(ProcessRun::running).orElse(false), "process " + pid);
  }
}

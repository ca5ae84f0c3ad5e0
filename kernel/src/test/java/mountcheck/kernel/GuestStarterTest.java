package mountcheck.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import mountcheck.model.ops.Scenario;
import mountcheck.model.text.CanonicalTable;
import mountcheck.model.text.ScenarioParser;
import mountcheck.process.ProcessRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The guest's scenario starter (the resident executor's {@code zygote}, which {@link GuestImage}'s
 * {@code /init} runs once per boot) on the host, inside a fresh {@code unshare -Urm}: it makes its
 * own user and mount namespace per scenario as util-linux's {@code unshare -Urm} does, starts the
 * scenario's bash and serves as its executor. On cases with several namespaces, held references, a
 * working directory carried across {@code unshare} and failing lines, its transcript must be the
 * host runner's ({@link KernelRunner} with {@link Executor#SYSCALLS}).
 */
@ExtendWith(HostMountTableUnchanged.class)
class GuestStarterTest {
  private static final Path HOME = Path.of("..");
  private static final Duration LIMIT = Duration.ofSeconds(30);

  @BeforeAll
  static void kernel() {
    KernelTests.assumeKernel();
  }

  static List<Path> cases() {
    return Stream.of(
            "conformance/C01-shared-replica.sh",
            "conformance/C19-other-namespace-view.sh",
            "conformance/C24a-rmdir-detaches-other-namespace.sh",
            "conformance/C30f-lazy-umount-busy-volume.sh",
            "conformance/C30i-working-directory-across-unshare.sh",
            "conformance/probes/k-mkdir-read-only.sh")
        .map(HOME::resolve)
        .toList();
  }

  @TestFactory
  Stream<DynamicTest> starterGivesTheHostRunnersTranscript() {
    return cases().stream()
        .map(
            file ->
                DynamicTest.dynamicTest(
                    file.getFileName().toString(),
                    () ->
                        assertSameTranscript(
                            ScenarioParser.parse(
                                file.toString(), Files.readString(file, StandardCharsets.UTF_8)))));
  }

  /**
   * Every descriptor a scenario may open, 3 to 9, held at once: none of them may be one of the
   * starter's pipes to the executor (a shell whose pipe was replaced waits for its answer until the
   * time limit; it did for descriptor 5 in the guests).
   */
  @Test
  void theScenariosDescriptorsAreNotTheExecutorsPipes() throws Exception {
    StringBuilder text = new StringBuilder("mount -t tmpfs t /mnt\nmkdir -p /mnt/d\n");
    for (int fd = 3; fd <= 9; fd++) text.append("exec ").append(fd).append("</mnt/d\n");
    text.append("mkdir -p /mnt/after\numount /mnt\n");
    for (int fd = 3; fd <= 9; fd++) text.append("exec ").append(fd).append("<&-\n");
    text.append("umount /mnt\n");
    assertSameTranscript(ScenarioParser.parse("descriptors.sh", text.toString()));
  }

  private static void assertSameTranscript(Scenario s) throws Exception {
    KernelResult runner = new KernelRunner(LIMIT, Executor.SYSCALLS).run(s);
    KernelResult starter = viaStarter(s);
    assertEquals(
        "",
        KernelRecorder.difference(KernelRecorder.outcome(runner, "", Instant.EPOCH), starter),
        s.name() + ": the starter's answer differs");
    assertEquals(runner.stepRows().size(), starter.stepRows().size());
    for (int i = 0; i < runner.stepRows().size(); i++)
      assertEquals(
          CanonicalTable.of(runner.stepRows().get(i)),
          CanonicalTable.of(starter.stepRows().get(i)),
          s.name() + ": table after step " + i);
    assertFalse(starter.outcomes().isEmpty());
    assertFalse(starter.stepRows().isEmpty());
  }

  /** Runs {@code s} as the guest does: one request to a starter in a fresh unshare -Urm. */
  private static KernelResult viaStarter(Scenario s) throws IOException, KernelException {
    Path dir = Files.createTempDirectory("mountcheck-starter-");
    try {
      Path script = dir.resolve("s.sh");
      Path errors = dir.resolve("stderr");
      Path program = dir.resolve("executor.pl");
      Files.writeString(script, ScenarioScript.of(s, Executor.SYSCALLS));
      Files.writeString(program, Executor.program());
      List<String> command = new ArrayList<>();
      List<Integer> cpus = KernelRunner.allowedCpus();
      // one CPU, as the runner pins scenarios that keep namespaces on files
      if (!cpus.isEmpty()) command.addAll(List.of("taskset", "-c", cpus.get(0).toString()));
      command.addAll(
          List.of("unshare", "-Urm", "bash", "-c", "exec 18>&1; exec perl " + program + " zygote"));
      String request =
          "run " + script + " " + errors + " 20 " + ScenarioScript.MAX_STEP_ROWS + "\n";
      ProcessRun.Execution run = ProcessRun.execute(command, request, LIMIT);
      assertFalse(run.timedOut(), "the starter did not finish");
      // the starter's last line is the scenario's exit status
      String[] lines = run.stdout().strip().split("\n");
      int status = Integer.parseInt(lines[lines.length - 1].strip());
      return Transcript.parse(s, run.stdout(), Files.readString(errors), status);
    } finally {
      try (Stream<Path> files = Files.list(dir)) {
        for (Path p : files.toList()) Files.deleteIfExists(p);
      }
      Files.deleteIfExists(dir);
    }
  }
}

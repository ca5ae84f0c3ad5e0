package mountcheck.experiments.seeds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import mountcheck.kernel.GuestSession;
import mountcheck.kernel.KernelImages;
import mountcheck.kernel.VmBackend;
import mountcheck.model.kernels.Kernels;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One guest kernel runs a small plan of every seed experiment in one boot, and its lines read back
 * whole. Runs only with {@code -Dmountcheck.vmMatrix=true} (the kernel module's {@code vm-matrix}
 * profile; without it Surefire leaves the class out); then it fails, never skips, when QEMU or the
 * image cannot be had. The kernel is the first of {@code -Dmountcheck.vmMatrix.kernels}, else 6.12.
 */
class SeedBenchVmTest {
  static final String ENABLE = "mountcheck.vmMatrix";
  private static final Path HOME = Path.of("..").toAbsolutePath().normalize();

  @BeforeAll
  static void enabled() {
    Assumptions.assumeTrue(
        Boolean.getBoolean(ENABLE), "live VM matrix not requested (-D" + ENABLE + "=true)");
    String missing = VmBackend.qemuMissing();
    if (missing != null) throw new AssertionError("-D" + ENABLE + "=true but " + missing);
  }

  static String kernel() {
    String only = System.getProperty(ENABLE + ".kernels", "");
    return only.isBlank() ? "6.12" : only.split(",")[0];
  }

  @Test
  void aGuestRunsEverySeedExperimentInOneBoot() throws Exception {
    int limit = 4;
    SeedBenchPlan plan =
        new SeedBenchPlan(
            SeedBenchPlan.ALL_SEEDS,
            List.of(10, 11),
            1,
            10,
            50,
            2,
            limit,
            2 * limit,
            20,
            List.of(10, 100),
            5,
            2);
    SeedBench.Run run =
        SeedBench.guest(
            KernelImages.named(Kernels.byName(kernel()).orElseThrow(), HOME),
            plan,
            new GuestSession.Limits(
                Duration.ofSeconds(240), Duration.ofSeconds(300), Duration.ofSeconds(900)),
            line -> System.err.println("[mountcheck] seed bench " + line));
    KernelMeasurements m = run.measurements();
    assertNull(run.failure(), run.failure());
    assertTrue(m.complete(), m.problems().toString());
    assertEquals(List.of(), m.problems());
    assertTrue(m.release().startsWith(kernel() + "."), m.release());
    assertTrue(m.info().contains("cpus=" + SeedBench.GUEST_CPUS), m.info());
    for (int n : List.of(10, 11)) assertTrue(m.umountMedian(n).isPresent(), "N=" + n);
    assertTrue(m.ipc("loop").orElseThrow().ok(), m.ipc("loop").toString());
    assertTrue(m.ipc("chain").orElseThrow().ok(), m.ipc("chain").toString());
    // limit + 1 namespaces held at once cannot fit under max_ipc_namespaces = limit
    assertEquals("ENOSPC", m.ipcLimit("held").orElseThrow().outcome());
    // at max_ipc_namespaces = 2 * limit, a loop that waits out ENOSPC makes all 8 * limit; before
    // 6.3 the kernel refuses while frees are pending, from 6.3 create_ipc_ns waits for them itself
    KernelMeasurements.IpcWait wait = m.ipcWait().orElseThrow();
    assertEquals(8 * limit, wait.made(), wait.toString());
    assertTrue(wait.ok(), wait.toString());
    boolean before63 = kernel().equals("5.10") || kernel().equals("6.1");
    assertEquals(before63, wait.enospcRetries() > 0, wait.toString());
    assertEquals(20, m.latency().get("sync").nanos().length);
    assertEquals(20, m.latency().get("lazy").nanos().length);
    assertEquals(0, m.latency().get("sync").failed() + m.latency().get("lazy").failed());
    assertEquals(2, m.mountinfo().size());
    assertTrue(m.mountinfo().get(1).lines() >= 100, m.mountinfo().toString());
  }
}

package mountcheck.experiments.seeds;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SeedBenchOutputTest {
  /** A guest's console: kernel messages between the script's lines, as a serial console has. */
  static final List<String> CONSOLE =
      List.of(
          "[    0.000000] Linux version 6.1.0-50-amd64",
          "@@bench ready",
          "@@bench kernel 6.1.0-50-amd64",
          "@@bench info cpus=2 mount-max=100000 rcu_expedited=0 clocksource=hpet version=#1 SMP",
          "@@bench boot Mount-cache hash table entries: 2048 (order: 2, 16384 bytes, linear)",
          "@@bench slab 10 4200 384",
          "@@bench umount 10 1 2000000 0 300000000",
          "@@bench umount 10 2 1000000 0 310000000",
          "@@bench umount 10 3 3000000 0 320000000",
          "@@bench umount 11 1 4000000 0 400000000",
          "@@bench umount 16 1 error rbind ENOSPC",
          "@@bench seed-done 000 9000000000",
          "@@bench ipc-start exec 1000000000000",
          "@@bench ipc-mark exec 50 1000500000000",
          "@@bench ipc exec 100 1000000000 100 0",
          "@@bench ipc-start chain 2000000000000",
          "@@bench ipc-mark chain 50 2000700000000",
          "@@bench ipc chain 100 1500000000 ? ENOSPC",
          "@@bench ipc-mark loop 500 30000000",
          "@@bench ipc loop 1000 60000000 1000 0",
          "@@bench ipc-limit 8 chain 32 1 ENOSPC 28000000",
          "@@bench ipc-limit 8 held 9 1 ENOSPC 24000000",
          "@@bench ipc loop-limit 32 5000000 7 28",
          "@@bench ipc-wait 64 256 256 3466000000 26000000 6800 0",
          "@@bench latency sync 10 30 20",
          "@@bench latency sync 40",
          "@@bench latency-end sync 4 0",
          "@@bench latency lazy 5 6",
          "@@bench latency-end lazy 2 1",
          "@@bench mountinfo 1000 1005 61561 100 2 523000000 134000000",
          "@@bench seed-done 003 20000000000",
          "@@bench end",
          "@@bench exit 0");

  @Test
  void readsEveryExperimentOfAConsole() {
    KernelMeasurements m = SeedBenchOutput.parse("6.1", CONSOLE);
    assertEquals("6.1.0-50-amd64", m.release());
    assertTrue(m.info().startsWith("cpus=2 mount-max=100000"), m.info());
    assertTrue(m.complete());
    assertEquals(List.of(), m.problems());
    assertEquals(
        List.of("Mount-cache hash table entries: 2048 (order: 2, 16384 bytes, linear)"),
        m.bootLog());

    assertEquals(5, m.umount().size());
    assertEquals(2_000_000.0, m.umountMedian(10).getAsDouble()); // median of 1, 2 and 3 ms
    assertEquals(4_000_000.0, m.umountMedian(11).getAsDouble());
    assertTrue(m.umountMedian(16).isEmpty());
    assertEquals("rbind ENOSPC", m.umountError(16).orElseThrow());
    assertTrue(m.umountError(10).isEmpty());
    assertEquals(Map.of(10, 4200L * 384), m.mountSlabBytes());

    KernelMeasurements.IpcRun exec = m.ipc("exec").orElseThrow();
    assertTrue(exec.ok());
    assertEquals(1_000_000_000L, exec.nanos());
    // the exec chain's marks are wall-clock times, made relative to its start
    assertEquals(List.of(new KernelMeasurements.Mark(50, 500_000_000L)), exec.marks());
    KernelMeasurements.IpcRun chain = m.ipc("chain").orElseThrow();
    assertFalse(chain.ok());
    assertEquals(-1, chain.done());
    assertEquals("ENOSPC", chain.outcome());
    assertEquals(
        List.of(new KernelMeasurements.Mark(500, 30_000_000L)), m.ipc("loop").get().marks());
    KernelMeasurements.IpcRun atLimit = m.ipc("loop-limit").orElseThrow();
    assertEquals(7, atLimit.done());
    assertEquals("28", atLimit.outcome());
    assertFalse(atLimit.ok());

    assertEquals("ENOSPC", m.ipcLimit("chain").orElseThrow().outcome());
    assertEquals(9, m.ipcLimit("held").orElseThrow().namespaces());
    KernelMeasurements.IpcWait wait = m.ipcWait().orElseThrow();
    assertTrue(wait.ok());
    assertEquals(6800, wait.enospcRetries());
    // 3.44 s for the 192 namespaces past the limit of 64
    assertEquals(3_440_000_000.0 / 192, wait.nanosPerNamespacePastLimit().getAsDouble(), 1e-6);

    KernelMeasurements.Latency sync = m.latency().get("sync");
    assertArrayEquals(new long[] {10, 30, 20, 40}, sync.nanos());
    assertEquals(25.0, sync.median());
    assertEquals(20.0, sync.percentile(50)); // nearest rank: half the values are <= 20
    assertEquals(40.0, sync.percentile(90));
    assertEquals(1, m.latency().get("lazy").failed());

    KernelMeasurements.MountinfoRead mi = m.mountinfo().get(0);
    assertEquals(1005, mi.lines());
    assertEquals(523.0 / 134.0, mi.ratio(), 1e-12);
    assertEquals(9_000_000_000L, m.seedNanos().get("000"));
  }

  @Test
  void aWaitingLoopThatNeverReachedItsLimitHasNoTimePastIt() {
    KernelMeasurements.IpcWait w =
        SeedBenchOutput.parse("6.1", List.of("@@bench ipc-wait 64 256 30 9000 -1 0 12"))
            .ipcWait()
            .orElseThrow();
    assertFalse(w.ok());
    assertEquals("12", w.outcome());
    assertTrue(w.nanosPerNamespacePastLimit().isEmpty());
    assertEquals(
        List.of("ipc-wait: ipc-wait 64 error sysctl", "the script did not reach its end"),
        SeedBenchOutput.parse("6.1", List.of("@@bench ipc-wait 64 error sysctl")).problems());
  }

  @Test
  void aRunCutShortSaysSoAndKeepsWhatItHas() {
    KernelMeasurements m =
        SeedBenchOutput.parse(
            "6.12",
            List.of(
                "@@bench kernel 6.12.117",
                "@@bench umount 10 1 2000000 0 300000000",
                "@@bench latency sync 10 20"));
    assertFalse(m.complete());
    assertEquals(2_000_000.0, m.umountMedian(10).getAsDouble());
    assertTrue(m.problems().contains("the script did not reach its end"), m.problems().toString());
    assertTrue(
        m.problems().stream().anyMatch(p -> p.startsWith("latency sync: no end line")),
        m.problems().toString());
  }

  @Test
  void anUnreadableLineIsAProblemNeverDropped() {
    KernelMeasurements m =
        SeedBenchOutput.parse(
            "host",
            List.of("@@bench umount 10 1   2000000", "@@bench frobnicate 3", "@@bench end"));
    assertEquals(
        List.of("unreadable line: umount 10 1   2000000", "unknown line: frobnicate 3"),
        m.problems());
    assertTrue(m.umount().isEmpty());
  }

  @Test
  void aRunReadsBackFromItsText() {
    KernelMeasurements m = SeedBenchOutput.parse("6.1", CONSOLE);
    SeedBench.Run run = new SeedBench.Run(m, 19.5, 85.25, "the guest printed nothing", CONSOLE);
    String text = run.text();
    assertFalse(text.contains("Linux version"), "only the script's lines are kept");
    SeedBench.Run back = SeedBench.Run.read("6.1", text);
    assertEquals(19.5, back.bootSeconds());
    assertEquals(85.25, back.runSeconds());
    assertEquals("the guest printed nothing", back.failure());
    assertEquals(m, back.measurements());
  }
}

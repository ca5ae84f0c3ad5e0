package mountcheck.experiments.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import mountcheck.experiments.plot.LogLogPlot;
import mountcheck.experiments.seeds.KernelMeasurements;
import mountcheck.experiments.seeds.SeedBenchOutput;
import mountcheck.experiments.seeds.SeedBenchPlan;
import mountcheck.model.kernels.Kernels;
import org.junit.jupiter.api.Test;

class KernelBenchReportTest {
  static SeedBenchPlan plan(int to, int limit) {
    return new SeedBenchPlan(
        SeedBenchPlan.ALL_SEEDS,
        SeedBenchPlan.range(10, to),
        1,
        100,
        100,
        4,
        limit,
        limit == 0 ? 0 : 64,
        4,
        List.of(100, 1000),
        10,
        2);
  }

  /**
   * The host: 0.125 ms at N=7 doubling to 4 ms at N=12 (x2.00 per doubling), N=13 does not fit;
   * 8,300 mounts of 384 bytes after building N=12.
   */
  static final List<String> HOST =
      List.of(
          "@@bench kernel 6.18.44",
          "@@bench info cpus=2 mount-max=100000 rcu_expedited=0 clocksource=tsc l2=1024K"
              + " l3=32768K version=#1 SMP PREEMPT_DYNAMIC",
          "@@bench umount 7 1 125000 0 5",
          "@@bench umount 8 1 250000 0 5",
          "@@bench umount 9 1 500000 0 5",
          "@@bench umount 10 1 1000000 0 5",
          "@@bench umount 11 1 2000000 0 5",
          "@@bench slab 12 8300 384",
          "@@bench umount 12 1 4000000 0 5",
          "@@bench umount 13 1 error rbind ENOSPC",
          "@@bench seed-done 000 1000000000",
          "@@bench ipc exec 100 100000000 100 0",
          "@@bench ipc chain 100 150000000 100 0",
          "@@bench ipc loop 100 5000000 100 0",
          "@@bench seed-done 002 2000000000",
          "@@bench latency sync 16000 17000 18000 30000",
          "@@bench latency-end sync 4 0",
          "@@bench latency lazy 20000 21000 22000 40000",
          "@@bench latency-end lazy 4 0",
          "@@bench seed-done 001 3000000000",
          "@@bench mountinfo 100 120 6000 10 2 2000000 1000000",
          "@@bench mountinfo 1000 1020 54000 10 2 90000000 10000000",
          "@@bench seed-done 003 4000000000",
          "@@bench end");

  /**
   * 6.1: 1 ms at N=10, 9 ms at N=12 (x3.00 per doubling); the loop fails at the limit; waiting out
   * ENOSPC at 64, 20 ms per namespace past the limit.
   */
  static final List<String> SIX_ONE =
      List.of(
          "@@bench kernel 6.1.0-50-amd64",
          "@@bench info cpus=2 mount-max=100000 rcu_expedited=0 clocksource=hpet version=#1 SMP"
              + " PREEMPT_DYNAMIC",
          "@@bench umount 10 1 1000000 0 5",
          "@@bench umount 11 1 3000000 0 5",
          "@@bench umount 12 1 9000000 0 5",
          "@@bench ipc exec 100 2000000000 100 0",
          "@@bench ipc chain 100 3000000000 100 0",
          "@@bench ipc loop 100 20000000 100 0",
          "@@bench ipc-limit 8 chain 32 1 ENOSPC 28000000",
          "@@bench ipc-limit 8 held 9 1 ENOSPC 24000000",
          "@@bench ipc loop-limit 32 5000000 7 28",
          "@@bench ipc-wait 64 256 256 3866000000 26000000 6800 0",
          "@@bench latency sync 100000 200000",
          "@@bench latency-end sync 2 0",
          "@@bench latency lazy 100000 300000",
          "@@bench latency-end lazy 2 0",
          "@@bench mountinfo 1000 1005 61000 10 2 500000000 100000000",
          "@@bench end");

  /**
   * 6.12: the loop takes half 6.1's time and waits at the limit instead of failing; past the limit
   * of 64, 5 ms per namespace with no ENOSPC.
   */
  static final List<String> SIX_TWELVE =
      List.of(
          "@@bench kernel 6.12.117",
          "@@bench info cpus=2 mount-max=100000",
          "@@bench umount 10 1 1000000 0 5",
          "@@bench ipc loop 100 10000000 100 0",
          "@@bench ipc-limit 8 chain 32 0 ok 400000000",
          "@@bench ipc loop-limit 32 100000000 32 0",
          "@@bench ipc-wait 64 256 256 986000000 26000000 0 0",
          "@@bench end");

  static KernelBenchReport report() {
    return new KernelBenchReport(
        new SeedPredictions(),
        List.of(
            entry("host", HOST, plan(13, 0)),
            entry("6.1", SIX_ONE, plan(12, 8)),
            entry("6.12", SIX_TWELVE, plan(10, 8)),
            new KernelBenchReport.Entry(
                "7.2", null, plan(10, 8), Double.NaN, Double.NaN, "no kernel image")));
  }

  static KernelBenchReport.Entry entry(String kernel, List<String> lines, SeedBenchPlan plan) {
    KernelMeasurements m = SeedBenchOutput.parse(kernel, lines);
    return new KernelBenchReport.Entry(
        kernel, m, plan, kernel.equals(Kernels.HOST.name()) ? Double.NaN : 20, 60, null);
  }

  @Test
  void umountTableHasARowPerKernelWithTheRatioPerDoublingAndTheModelsWork() {
    String t = report().umountTable();
    assertTrue(
        t.contains(
            "| host | 6.18.44 | 2025 | 7..12 | 0.001 | 0.004 | 2.00 | 2.00 | 2.00 | 2.00 | 2.00 |"
                + " yes | 3.04 / - | 1024K / 32768K | N=13: rbind ENOSPC |"),
        t);
    assertTrue(
        t.contains(
            "| 6.1 | 6.1.0-50-amd64 | 2017 | 10..12 | 0.001 | 0.009 | 3.00 | 3.00 | 3.00 | 3.00 |"
                + " 2.00 | **no** | - / - | ? / ? |"),
        t);
    assertFalse(t.contains("| 7.2 |"), "a kernel that could not be used has no measurements");
    String detail = report().umountDetailTable();
    // N=11: 4097 mounts; the 2025 plan's work there is 14331 and the 2017 plan's 16377
    // (docs/measurements.md §10)
    assertTrue(detail.contains("| 11 | 4097 | 2 | 3 |  | 16377 | 14331 |"), detail);
    assertTrue(detail.contains("| 13 | 16385 | rbind\u00a0ENOSPC |"), detail);
  }

  @Test
  void theRatioPerDoublingIsFittedOverEveryNNotTakenFromTheEnds() {
    // 2, 2, 4, 8 ms at N=10..13 (about 11..14 doublings of a mount): the ends alone give
    // (8/2)^(1/3) = 1.59; the least-squares slope of log2 time is 3.5/5 = 0.7, 2^0.7 = 1.62
    List<String> noisyStart =
        List.of(
            "@@bench kernel 6.1.0-50-amd64",
            "@@bench umount 10 1 2000000 0 5",
            "@@bench umount 11 1 2000000 0 5",
            "@@bench umount 12 1 4000000 0 5",
            "@@bench umount 13 1 8000000 0 5",
            "@@bench end");
    KernelMeasurements m = SeedBenchOutput.parse("6.1", noisyStart);
    assertEquals(1.62, KernelBenchReport.umountRatio(m).getAsDouble(), 0.005);
  }

  @Test
  void findingsNameEveryKernelThatMissesAGoalOrDisagreesWithTheModel() {
    List<String> f = report().findings();
    assertTrue(
        f.contains(
            "seed 000, 6.1: time x3.00 per doubling of mounts over N=10..15 (goal <= 2.5); the"
                + " model's work grows x2.00; x3.00 over N=7..12 (mount slab - MiB at N=12)"),
        f.toString());
    assertTrue(
        f.stream()
            .anyMatch(
                s ->
                    s.startsWith(
                        "seed 000, host: N=13 (16385 mounts) not measured: rbind ENOSPC"
                            + " (fs.mount-max 100000")),
        f.toString());
    assertTrue(
        f.stream()
            .anyMatch(
                s ->
                    s.startsWith(
                        "seed 002: time per namespace past the limit, waiting for frees, falls"
                            + " x4.00 from 6.1 to 6.12 (goal >= 10x); the model's x")),
        f.toString());
    // 6.1's free (5.7 to 6.2) does not wait at the limit, and neither does its model variant
    assertFalse(f.stream().anyMatch(s -> s.startsWith("seed 002, 6.1")), f.toString());
    assertFalse(f.stream().anyMatch(s -> s.startsWith("seed 002, 6.12")), f.toString());
    assertFalse(f.stream().anyMatch(s -> s.startsWith("seed 000, host: time")), f.toString());
  }

  @Test
  void ipcLatencyAndMountinfoTablesShowEachKernelsNumbers() {
    KernelBenchReport r = report();
    String ipc = r.ipcTable();
    // host: 50 µs per namespace in the loop; chain 1.5 ms and exec 1 ms per step, so 0.5 ms net
    assertTrue(ipc.contains("| host | mainline |"), ipc);
    assertTrue(ipc.contains("| 50 | 1.5 | 1 | 0.5 | - | - | - | - | - |"), ipc);
    assertTrue(
        ipc.contains(
            "| 6.1 | ipc-serial-free | 1.000 | 0.000 | 200 | 30 | 20 | 10 | 8 | ENOSPC | ENOSPC |"
                + " 7/32 ENOSPC, 714 |"),
        ipc);
    assertEquals(4.0, r.ipcFall("6.1", "6.12").orElseThrow(), 1e-9);
    assertEquals(2.0, r.freeLoopRatio("6.1", "6.12").orElseThrow(), 1e-9);
    String wait = r.ipcWaitTable();
    // 6.1: 3.84 s for the 192 namespaces past 64, 3.866 s for all 256; one grace period each in
    // the series' first patch alone
    assertTrue(
        wait.contains("| 6.1 | 64 | 256 | 256 | 6800 | 20000 | 15100 | ipc-serial-flush | 1.000 |"),
        wait);
    assertTrue(wait.contains("| 6.12 | 64 | 256 | 256 | 0 | 5000 | 3850 | mainline |"), wait);
    assertFalse(wait.contains("| host |"), "the host never sets the limit");
    String lat = r.latencyTable();
    // 16, 17, 18, 30 µs: median 17.5, 90th percentile (nearest rank) 30
    assertTrue(lat.contains("| host | 4 | 17.5 | 30 | 21.5 | 40 | - | 0 |"), lat);
    String mi = r.mountinfoTable();
    assertTrue(
        mi.contains("| host | 1000 | 1020 | 54000 | 2 x 10 | 0.09 | 0.01 | 9.0 | 100: 2.0 |"), mi);
    String md = r.markdown();
    assertTrue(md.startsWith(KernelBenchReport.TCG_NOTE), md);
    assertTrue(md.contains("| 7.2 | - | - | - |  |  | no kernel image |"), md);
  }

  @Test
  void csvHasTheDocumentedColumnsAndARowPerMeasuredQuantity() {
    String csv = report().csv();
    List<String> lines = csv.lines().toList();
    assertEquals(KernelBenchReport.CSV_HEADER, lines.get(0));
    int columns = KernelBenchReport.CSV_HEADER.split(",").length;
    for (String l : lines) assertEquals(columns, l.split(",", -1).length, l);
    assertTrue(
        lines.stream()
            .anyMatch(
                l ->
                    l.startsWith(
                            "6.1,6.1.0-50-amd64,002,ipc_wait_past_limit,256,0.0200000,s per"
                                + " namespace,192,ipc-serial-flush,")
                        && l.endsWith(
                            ",model ticks per namespace,limit 64: ok; 6800 ENOSPC retries,0/1")),
        csv);
    assertTrue(
        lines.contains("host,6.18.44,000,umount_detach,11,0.00200000,s,1,2025,14331,work,,0/1"),
        csv);
    assertTrue(
        lines.contains("host,6.18.44,000,umount_detach,13,,s,0,2025,57339,work,rbind ENOSPC,0/1"),
        csv);
    assertTrue(
        lines.contains(
            "6.1,6.1.0-50-amd64,002,ipc_loop,100,0.000200000,s per namespace,100,ipc-serial-free,"
                + "0.0000,grace periods waited per namespace,,0/1"),
        csv);
    // the model makes 8 and refuses the other 24: no grace period ends within the loop, so nothing
    // is freed before it ends
    assertTrue(
        lines.contains(
            "6.1,6.1.0-50-amd64,002,ipc_limit_loop,32,7,namespaces made,1,ipc-serial-free,24,"
                + "ENOSPC,limit 8: ENOSPC,0/1"),
        csv);
    assertTrue(
        lines.stream()
            .anyMatch(l -> l.startsWith("host,6.18.44,001,umount_p50,4,1.75000e-05,s,4,mainline,")),
        csv);
    assertTrue(
        lines.contains(
            "host,6.18.44,003,mountinfo_ratio,1000,9.000,mountinfo time / file time,20,,,,"
                + "1020 lines; 54000 bytes,0/1"),
        csv);
    assertFalse(csv.contains("\n7.2,"), "no rows for a kernel that was not measured");
  }

  @Test
  void plotsHaveAPanelSetPerSeedWithKernelsAndTheModelAsSeries() {
    Map<String, List<LogLogPlot>> plots = report().plots();
    assertEquals(
        List.of("seed-000", "seed-002", "seed-001", "seed-003"), List.copyOf(plots.keySet()));
    List<String> growth =
        plots.get("seed-000").get(1).series().stream().map(LogLogPlot.Series::name).toList();
    assertEquals(List.of("host", "6.1", "6.12", "model 2017 work", "model 2025 work"), growth);
    LogLogPlot.Series host = plots.get("seed-000").get(1).series().get(0);
    assertEquals(4.0, host.y()[2], 1e-12);
    List<String> lat =
        plots.get("seed-001").get(0).series().stream().map(LogLogPlot.Series::name).toList();
    assertEquals(List.of("host", "6.1", "model (mainline)"), lat);
    assertTrue(LogLogPlot.png(plots.get("seed-002")).length > 1000);
  }
}

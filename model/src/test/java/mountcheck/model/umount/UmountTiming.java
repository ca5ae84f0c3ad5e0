package mountcheck.model.umount;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Timing by hand (not a test): {@code umount -l /mnt/1} on the overlap family for N = FROM..TO, per
 * generation, median of 5 to 51 runs (until a second is spent) after up to 20 warm-up runs; a
 * generation whose median passes the budget is dropped for larger N, as the commit's table did. Run
 * with
 *
 * <pre>
 * java -Xss8m -cp model/target/classes:model/target/test-classes \
 *     mountcheck.model.umount.UmountTiming [FROM TO [BUDGET_SECONDS [GEN...]]]
 * </pre>
 */
final class UmountTiming {
  private UmountTiming() {}

  public static void main(String[] args) {
    int from = args.length > 0 ? Integer.parseInt(args[0]) : 9;
    int to = args.length > 1 ? Integer.parseInt(args[1]) : 19;
    double budget = args.length > 2 ? Double.parseDouble(args[2]) : 5.0;
    List<String> names =
        args.length > 3
            ? Arrays.asList(args).subList(3, args.length)
            : List.of("2025", "2017", "2025-naive", "2017-naive", "2016", "naive");
    Map<String, Boolean> alive = new LinkedHashMap<>();
    names.forEach(n -> alive.put(n, true));
    System.out.println("| N | mounts | " + String.join(" s | ", names) + " s | work " + names);
    for (int n = from; n <= to; n++) {
      OverlapFamily f = new OverlapFamily(n);
      List<Integer> u = f.firstChain();
      StringBuilder row = new StringBuilder("| " + n + " | " + f.mountCount() + " |");
      List<Long> works = new ArrayList<>();
      for (String name : names) {
        if (!alive.get(name)) {
          row.append(" >").append(budget).append(" |");
          works.add(-1L);
          continue;
        }
        UmountAlgorithm a = Generations.byName(name).orElseThrow();
        // at least 5 runs, more while they take under a second in all (at most 51)
        double[] times = new double[51];
        int runs = 0;
        double total = 0;
        long work = 0;
        long warmStart = System.nanoTime();
        for (int i = 0; i < 20 && System.nanoTime() - warmStart < 2e9; i++) {
          a.plan(f, u); // warm-up: up to 20 runs or two seconds, for the JIT's last tier
        }
        while (runs < times.length && (runs < 5 || total < 1.0) && total < 3 * budget) {
          long t0 = System.nanoTime();
          work = a.plan(f, u).work();
          times[runs] = (System.nanoTime() - t0) / 1e9;
          total += times[runs++];
          if (times[runs - 1] > budget) {
            break;
          }
        }
        times = Arrays.copyOf(times, runs);
        Arrays.sort(times);
        double median = times[times.length / 2];
        row.append(String.format(" %.4f |", median));
        works.add(work);
        if (median > budget) {
          alive.put(name, false);
        }
      }
      System.out.println(row + " " + works);
    }
  }
}

package mountcheck.experiments.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import mountcheck.engine.Shard;

/**
 * Combines the CSVs of the shards of one {@code bench kernels} campaign into the CSV of the
 * unsharded run: each shard runs a contiguous block of the kernel x experiment list and writes its
 * rows in that order, so the shards' rows in shard order are the unsharded rows, whose {@code
 * shard} column reads {@code 0/1}.
 */
public final class KernelBenchCsv {
  private KernelBenchCsv() {}

  /** The merged CSV, or the problems that keep the shards from merging. */
  public record Merged(String csv, List<String> problems) {}

  /** Whether {@code text} is a CSV {@code bench kernels --csv} wrote. */
  public static boolean is(String text) {
    return text.startsWith(KernelBenchReport.CSV_HEADER + "\n");
  }

  /**
   * Merges the shards' CSVs (in any order). A problem is a file that is not such a CSV, rows of
   * several shards in one file, two files of one shard, shards of different counts, or an
   * experiment on a kernel that two shards measured. Shards without rows (nothing to run) leave no
   * trace; that every item was run is checked on the JSON results.
   */
  public static Merged merge(Map<String, String> csvByFile) {
    List<String> problems = new ArrayList<>();
    Map<Integer, List<String>> rowsByShard = new TreeMap<>();
    Map<String, String> itemOwner = new LinkedHashMap<>();
    Integer count = null;
    for (Map.Entry<String, String> f : csvByFile.entrySet()) {
      if (!is(f.getValue())) {
        problems.add(f.getKey() + ": not a bench kernels CSV");
        continue;
      }
      List<String> rows = f.getValue().lines().skip(1).filter(l -> !l.isBlank()).toList();
      if (rows.isEmpty()) continue;
      String shardText = rows.get(0).substring(rows.get(0).lastIndexOf(',') + 1);
      Shard shard;
      try {
        shard = Shard.parse(shardText);
      } catch (IllegalArgumentException e) {
        problems.add(f.getKey() + ": shard column " + e.getMessage());
        continue;
      }
      if (rows.stream().anyMatch(r -> !r.endsWith("," + shardText))) {
        problems.add(f.getKey() + ": rows of more than one shard");
        continue;
      }
      if (count == null) count = shard.count();
      if (shard.count() != count) {
        problems.add(f.getKey() + ": shard " + shard + " is not one of " + count + " shards");
        continue;
      }
      if (rowsByShard.containsKey(shard.index())) {
        problems.add(f.getKey() + ": shard " + shard + " appears twice");
        continue;
      }
      List<String> unsharded = new ArrayList<>();
      for (String r : rows) {
        String[] cells = r.split(",", 4);
        String item = cells[0] + " seed " + cells[2];
        String other = itemOwner.putIfAbsent(item, shardText);
        if (other != null && !other.equals(shardText))
          problems.add(item + " measured by shards " + other + " and " + shardText);
        unsharded.add(r.substring(0, r.lastIndexOf(',')) + ",0/1");
      }
      rowsByShard.put(shard.index(), unsharded);
    }
    StringBuilder b = new StringBuilder(KernelBenchReport.CSV_HEADER).append('\n');
    rowsByShard.values().forEach(rows -> rows.forEach(r -> b.append(r).append('\n')));
    return new Merged(b.toString(), problems);
  }
}

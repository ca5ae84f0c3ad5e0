package mountcheck.cli.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import mountcheck.model.kernels.Kernels;
import mountcheck.properties.engine.LabelShare;
import mountcheck.properties.engine.RunReport;
import mountcheck.properties.engine.Shard;

/**
 * Which shard of a campaign a result comes from, and what a merge of the shards needs beyond the
 * counts to reproduce the unsharded run exactly. The shard key is the kernel and {@code I/N}: a
 * campaign over kernel x shard has one result per property (or item) for every pair.
 *
 * @param shard the shard {@code I/N}
 * @param kernel the kernel the result belongs to ({@code host}, {@code 6.1}, ...): the live kernel
 *     of conform and bench kernels, the kernel whose model check followed
 * @param failingExample the index of the example that failed, or null when none did
 * @param discardedExamples the indices of the examples the shard discarded (only written for a real
 *     shard, N &gt; 1)
 * @param labels the label counts of the shard's checked examples
 * @param item for a campaign split into a list of work items (bench kernels: kernel x experiment),
 *     this result's index in the list, or null
 * @param items the length of that list, or null
 */
public record ShardRecord(
    Shard shard,
    String kernel,
    Integer failingExample,
    List<Integer> discardedExamples,
    Map<String, Long> labels,
    Integer item,
    Integer items) {

  public ShardRecord {
    shard = shard == null ? Shard.WHOLE : shard;
    kernel = kernel == null ? Kernels.host().name() : kernel;
    discardedExamples = discardedExamples == null ? List.of() : List.copyOf(discardedExamples);
    labels = labels == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(labels));
    if ((item == null) != (items == null))
      throw new IllegalArgumentException("an item needs the number of items and back");
  }

  /** A shard of a campaign whose work is examples (check, conform). */
  public static ShardRecord examples(
      Shard shard,
      String kernel,
      Integer failingExample,
      List<Integer> discardedExamples,
      Map<String, Long> labels) {
    return new ShardRecord(shard, kernel, failingExample, discardedExamples, labels, null, null);
  }

  /** Work item {@code item} of {@code items} of a campaign split into a list of items. */
  public static ShardRecord item(Shard shard, String kernel, int item, int items) {
    return new ShardRecord(shard, kernel, null, List.of(), Map.of(), item, items);
  }

  /** What a run's report records for merging: its shard, failing example, discards and labels. */
  public static ShardRecord of(RunReport<?> report, String kernel) {
    Map<String, Long> labels = new TreeMap<>();
    for (LabelShare l : report.labels()) labels.put(l.label(), (long) l.count());
    return examples(
        report.shard(),
        kernel,
        report.failure() == null ? null : report.failure().exampleIndex(),
        report.shard().whole() ? List.of() : report.discardedExamples(),
        labels);
  }

  /** The shard key: kernel and {@code I/N}. */
  public String key() {
    return kernel + " " + shard;
  }
}

package mountcheck.cli.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import mountcheck.properties.engine.LabelShare;
import mountcheck.properties.engine.RunReport;
import mountcheck.properties.engine.Shard;

/**
 * Which shard ({@code I/N}) of a campaign a result comes from, and what a merge of the shards needs
 * beyond the counts to reproduce the unsharded run exactly: the index of the example that failed
 * (null when none did), the indices of the examples the shard discarded (only written for a real
 * shard, N &gt; 1) and the label counts of its checked examples.
 */
public record ShardRecord(
    Shard shard,
    Integer failingExample,
    List<Integer> discardedExamples,
    Map<String, Long> labels) {

  public ShardRecord {
    shard = shard == null ? Shard.WHOLE : shard;
    discardedExamples = discardedExamples == null ? List.of() : List.copyOf(discardedExamples);
    labels = labels == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(labels));
  }

  /** What a run's report records for merging: its shard, failing example, discards and labels. */
  public static ShardRecord of(RunReport<?> report) {
    Map<String, Long> labels = new TreeMap<>();
    for (LabelShare l : report.labels()) labels.put(l.label(), (long) l.count());
    return new ShardRecord(
        report.shard(),
        report.failure() == null ? null : report.failure().exampleIndex(),
        report.shard().whole() ? List.of() : report.discardedExamples(),
        labels);
  }
}

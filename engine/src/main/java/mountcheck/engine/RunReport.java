package mountcheck.engine;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The result of running one property: the seed to reproduce it, how many examples were checked,
 * passed and discarded, the label shares, unmet label requirements, the time spent checking and in
 * total, and the first failure (original and shrunk) if there was one. A shard's report also names
 * its shard and the indices of the examples it discarded, which a merge of the shards needs to
 * count exactly what the unsharded run would have counted.
 */
public record RunReport<T>(
    String property,
    String statement,
    long seed,
    Outcome outcome,
    int checked,
    int passed,
    int discarded,
    List<LabelShare> labels,
    List<String> unmetLabels,
    String gaveUpReason,
    long checkNanos,
    long totalNanos,
    Failure<T> failure,
    Shard shard,
    List<Integer> discardedExamples) {

  public RunReport {
    labels = List.copyOf(labels);
    unmetLabels = List.copyOf(unmetLabels);
    shard = shard == null ? Shard.WHOLE : shard;
    discardedExamples = List.copyOf(discardedExamples);
  }

  /** A report of a whole (unsharded) run. */
  public RunReport(
      String property,
      String statement,
      long seed,
      Outcome outcome,
      int checked,
      int passed,
      int discarded,
      List<LabelShare> labels,
      List<String> unmetLabels,
      String gaveUpReason,
      long checkNanos,
      long totalNanos,
      Failure<T> failure) {
    this(
        property,
        statement,
        seed,
        outcome,
        checked,
        passed,
        discarded,
        labels,
        unmetLabels,
        gaveUpReason,
        checkNanos,
        totalNanos,
        failure,
        Shard.WHOLE,
        List.of());
  }

  public Optional<Failure<T>> firstFailure() {
    return Optional.ofNullable(failure);
  }

  /** Checked examples per second of checking time (generation plus check, without shrinking). */
  public double throughput() {
    return checkNanos <= 0 ? 0.0 : checked * 1e9 / checkNanos;
  }

  public boolean ok() {
    return outcome.ok();
  }

  /** A one-line summary for logs: outcome, counts, time, throughput and seed. */
  public String summary() {
    StringBuilder b = new StringBuilder();
    b.append(property).append(": ").append(outcome);
    b.append(
        String.format(
            Locale.ROOT,
            " (%d checked, %d passed, %d discarded, %.2f s, %.0f/s, seed %d)",
            checked,
            passed,
            discarded,
            totalNanos / 1e9,
            throughput(),
            seed));
    if (!shard.whole()) b.append(" shard ").append(shard);
    if (failure != null) b.append(": ").append(failure.verdict().message());
    for (String u : unmetLabels) b.append("; ").append(u);
    if (gaveUpReason != null) b.append("; ").append(gaveUpReason);
    return b.toString();
  }
}

package mountcheck.engine;

/**
 * One part of a campaign split into {@code count} shards: shard {@code index} (0-based, as
 * Kubernetes' JOB_COMPLETION_INDEX) owns the work items whose index is congruent to {@code index}
 * modulo {@code count}. The shards of one campaign together own every item exactly once, so with
 * the same seed they do exactly the work of the unsharded run. Written {@code I/N}; {@code 0/1} is
 * the whole campaign.
 */
public record Shard(int index, int count) {
  /** The whole campaign: one shard that owns everything. */
  public static final Shard WHOLE = new Shard(0, 1);

  public Shard {
    if (count < 1)
      throw new IllegalArgumentException("shard count must be at least 1, got " + count);
    if (index < 0 || index >= count) {
      throw new IllegalArgumentException(
          "shard index must be between 0 and " + (count - 1) + ", got " + index);
    }
  }

  /**
   * Parses {@code I/N} (0 &lt;= I &lt; N).
   *
   * @throws IllegalArgumentException with a one-line message when it is not of that form
   */
  public static Shard parse(String text) {
    String t = text == null ? "" : text.strip();
    int slash = t.indexOf('/');
    if (slash < 0
        || !t.substring(0, slash).matches("\\d{1,9}")
        || !t.substring(slash + 1).matches("\\d{1,9}")) {
      throw new IllegalArgumentException(
          "must be I/N with 0 <= I < N (for example 0/4), got '" + text + "'");
    }
    int i = Integer.parseInt(t.substring(0, slash));
    int n = Integer.parseInt(t.substring(slash + 1));
    if (n < 1 || i >= n) {
      throw new IllegalArgumentException(
          "must be I/N with 0 <= I < N (for example 0/4), got '" + text + "'");
    }
    return new Shard(i, n);
  }

  /** Whether this shard owns the work item with the given index. */
  public boolean owns(long itemIndex) {
    if (itemIndex < 0) throw new IllegalArgumentException("negative item index " + itemIndex);
    return itemIndex % count == index;
  }

  /**
   * The first index of this shard's block when a list of {@code items} is cut into N contiguous
   * blocks (for work whose items are costly to start, such as a kernel boot shared by the items
   * next to each other): shard I owns {@code floor(I * items / N) .. floor((I + 1) * items / N) -
   * 1}. The N blocks cover the list exactly once; their sizes differ by at most one.
   */
  public long blockStart(long items) {
    if (items < 0) throw new IllegalArgumentException("negative item count " + items);
    return index * items / count;
  }

  /** One past the last index of this shard's block of {@code items} (see {@link #blockStart}). */
  public long blockEnd(long items) {
    if (items < 0) throw new IllegalArgumentException("negative item count " + items);
    return (index + 1L) * items / count;
  }

  /** Whether item {@code itemIndex} of a list of {@code items} lies in this shard's block. */
  public boolean ownsInBlock(long itemIndex, long items) {
    if (itemIndex < 0 || itemIndex >= items)
      throw new IllegalArgumentException("item " + itemIndex + " is not in 0.." + (items - 1));
    return itemIndex >= blockStart(items) && itemIndex < blockEnd(items);
  }

  /** Whether this is the whole campaign (one shard). */
  public boolean whole() {
    return count == 1;
  }

  /** How many of the items {@code 0 .. items-1} this shard owns. */
  public long ownedBelow(long items) {
    if (items <= index) return 0;
    return (items - index + count - 1) / count;
  }

  /** {@code I/N}. */
  @Override
  public String toString() {
    return index + "/" + count;
  }
}

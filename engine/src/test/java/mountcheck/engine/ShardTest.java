package mountcheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class ShardTest {
  private static final RunConfig QUIET =
      RunConfig.defaults().withLog(line -> {}).withTimeLimit(Duration.ofMinutes(5));

  @Test
  void parsesAndRejects() {
    assertEquals(new Shard(3, 4), Shard.parse("3/4"));
    assertEquals(Shard.WHOLE, Shard.parse("0/1"));
    for (String bad : List.of("4/4", "1/0", "-1/4", "1-4", "a/4", "", "1/", "/4", "1/4/5")) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> Shard.parse(bad), bad);
      assertTrue(e.getMessage().contains("I/N"), e.getMessage());
    }
  }

  @Test
  void theShardsOwnEveryIndexExactlyOnce() {
    int n = 7;
    for (long i = 0; i < 100; i++) {
      int owners = 0;
      for (int s = 0; s < n; s++) if (new Shard(s, n).owns(i)) owners++;
      assertEquals(1, owners, "index " + i);
    }
    // ownedBelow counts by hand: shard 2 of 7 owns 2, 9, 16 below 17 and 2, 9 below 16
    assertEquals(3, new Shard(2, 7).ownedBelow(17));
    assertEquals(2, new Shard(2, 7).ownedBelow(16));
    assertEquals(0, new Shard(2, 7).ownedBelow(2));
  }

  @Test
  void theBlocksCoverAListExactlyOnceInOrder() {
    for (int items = 0; items <= 23; items++) {
      for (int n = 1; n <= 9; n++) {
        long next = 0; // the blocks follow each other: shard I's block starts where I-1's ends
        for (int s = 0; s < n; s++) {
          Shard shard = new Shard(s, n);
          assertEquals(next, shard.blockStart(items), s + "/" + n + " of " + items);
          long size = shard.blockEnd(items) - shard.blockStart(items);
          assertTrue(size == items / n || size == items / n + 1, s + "/" + n + " of " + items);
          next = shard.blockEnd(items);
        }
        assertEquals(items, next, n + " shards of " + items);
        for (int i = 0; i < items; i++) {
          int owners = 0;
          for (int s = 0; s < n; s++) if (new Shard(s, n).ownsInBlock(i, items)) owners++;
          assertEquals(1, owners, "item " + i + " of " + items + ", " + n + " shards");
        }
      }
    }
    // by hand: 20 items (5 kernels x 4 experiments) in 4 shards are 0-4, 5-9, 10-14, 15-19;
    // in 3 shards 0-5, 6-12, 13-19
    assertEquals(5, new Shard(1, 4).blockStart(20));
    assertEquals(10, new Shard(1, 4).blockEnd(20));
    assertEquals(6, new Shard(1, 3).blockStart(20));
    assertEquals(13, new Shard(1, 3).blockEnd(20));
    assertThrows(IllegalArgumentException.class, () -> Shard.WHOLE.ownsInBlock(3, 3));
  }

  /** Records (example index, value) pairs: a generator that labels and sometimes discards. */
  private static List<Long> run(Shard shard, long first, List<Integer> seenValues) {
    List<Long> discards = new ArrayList<>();
    Property<Integer> p =
        Property.of(
                "record",
                "records its examples",
                Gen.intUniform(0, 999).labelled(i -> i < 100 ? "small" : null),
                (v, labels) -> {
                  if (v % 10 == 3) return Verdict.discard("ends in 3");
                  seenValues.add(v);
                  return Verdict.pass();
                })
            .requiring("small", 0.05);
    RunReport<Integer> r = Runner.run(p, QUIET.withSeed(42).withTries(400).withShard(shard, first));
    assertEquals(Outcome.PASSED, r.outcome(), r.summary());
    r.discardedExamples().forEach(i -> discards.add((long) i));
    return discards;
  }

  @Test
  void fourShardsCheckExactlyTheExamplesOfTheWholeRun() {
    List<Integer> whole = new ArrayList<>();
    List<Long> wholeDiscards = run(Shard.WHOLE, 0, whole);
    List<Integer> union = new ArrayList<>();
    Set<Long> discards = new HashSet<>();
    for (int s = 0; s < 4; s++) {
      List<Integer> part = new ArrayList<>();
      for (long d : run(new Shard(s, 4), 0, part)) {
        assertTrue(
            new Shard(s, 4).owns(d), "shard " + s + " discarded example " + d + " it does not own");
        assertTrue(discards.add(d));
      }
      union.addAll(part);
    }
    assertFalse(whole.isEmpty());
    assertEquals(whole.size(), union.size());
    assertEquals(new TreeMap<>(count(whole)), new TreeMap<>(count(union)));
    assertEquals(new HashSet<>(wholeDiscards), discards);
  }

  @Test
  void anOffsetShiftsWhichExamplesAShardOwns() {
    List<Long> d0 = run(new Shard(1, 2), 0, new ArrayList<>());
    List<Long> d1 = run(new Shard(1, 2), 1, new ArrayList<>());
    for (long d : d0) assertEquals(1, d % 2);
    for (long d : d1) assertEquals(0, d % 2);
  }

  @Test
  void theFailingShardShrinksAndRecordsItsExampleIndex() {
    Property<Integer> p =
        Property.holds("small", "below 900", Gen.intUniform(0, 999), i -> i < 900);
    RunReport<Integer> whole = Runner.run(p, QUIET.withSeed(5).withTries(500));
    assertEquals(Outcome.FAILED, whole.outcome());
    int f = whole.failure().exampleIndex();
    Shard owner = new Shard(f % 3, 3);
    RunReport<Integer> shard = Runner.run(p, QUIET.withSeed(5).withTries(500).withShard(owner, 0));
    assertNotNull(shard.failure(), shard.summary());
    assertEquals(f, shard.failure().exampleIndex());
    assertEquals(whole.failure().shrunk(), shard.failure().shrunk());
    assertEquals(900, shard.failure().shrunk());
  }

  private static Map<Integer, Integer> count(List<Integer> xs) {
    Map<Integer, Integer> m = new HashMap<>();
    for (int x : xs) m.merge(x, 1, Integer::sum);
    return m;
  }
}

package mountcheck.model.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The persistent structures against plain Java collections, under random edits with and without
 * edit tokens: every version taken along the way must still read as it did when it was taken.
 */
class PersistentStructuresTest {
  @Test
  void arrayVersionsStayValid() {
    Random r = new Random(7);
    PersistentArray<Integer> a = PersistentArray.empty();
    Map<Integer, Integer> model = new HashMap<>();
    List<PersistentArray<Integer>> versions = new ArrayList<>();
    List<Map<Integer, Integer>> expected = new ArrayList<>();
    Object edit = new Object();
    for (int step = 0; step < 20_000; step++) {
      int i = r.nextInt(step < 10_000 ? 100 : 70_000);
      Integer v = r.nextInt(5) == 0 ? null : r.nextInt(1000);
      a = a.with(i, v, edit);
      if (v == null) model.remove(i);
      else model.put(i, v);
      if (step % 500 == 0) {
        edit = new Object(); // freeze this version, as MountTableBuilder.build does
        versions.add(a);
        expected.add(new HashMap<>(model));
      }
    }
    for (int k = 0; k < versions.size(); k++) {
      for (int i = 0; i < 70_000; i += 7)
        assertEquals(
            expected.get(k).get(i), versions.get(k).get(i), "version " + k + " index " + i);
    }
    assertNull(a.get(-1));
    assertNull(a.get(Integer.MAX_VALUE));
  }

  @Test
  void intArrayListsNonZeroValuesInOrder() {
    PersistentIntArray a = PersistentIntArray.EMPTY;
    Object edit = new Object();
    int[] plain = new int[5000];
    Random r = new Random(3);
    for (int step = 0; step < 10_000; step++) {
      int i = r.nextInt(plain.length);
      int v = r.nextInt(4) == 0 ? 0 : 1 + r.nextInt(100);
      a = a.with(i, v, edit);
      plain[i] = v;
    }
    PersistentIntArray frozen = a;
    int[] before = frozen.nonZero(plain.length, plain.length);
    a = a.with(17, 99, new Object()).with(4000, 0, null);
    assertArrayEquals(before, frozen.nonZero(plain.length, plain.length));
    assertArrayEquals(Arrays.stream(plain).filter(x -> x != 0).toArray(), before);
    assertEquals(99, a.get(17));
    assertEquals(plain[17], frozen.get(17));
  }

  @Test
  void longMapAgreesWithHashMapAndKeepsOldVersions() {
    Random r = new Random(11);
    PersistentLongMap m = PersistentLongMap.EMPTY;
    Map<Long, Long> model = new HashMap<>();
    PersistentLongMap half = null;
    Map<Long, Long> halfModel = null;
    Object edit = new Object();
    for (int step = 0; step < 50_000; step++) {
      long key = ((long) r.nextInt(300) << 32) | r.nextInt(300);
      long value = r.nextInt(3) == 0 ? 0 : 1 + r.nextInt(1_000_000);
      m = m.with(key, value, step % 2 == 0 ? edit : null);
      if (value == 0) model.remove(key);
      else model.put(key, value);
      if (step == 25_000) {
        edit = new Object();
        half = m;
        halfModel = new HashMap<>(model);
      }
    }
    assertEquals(model.size(), m.size());
    for (Map.Entry<Long, Long> e : model.entrySet()) assertEquals(e.getValue(), m.get(e.getKey()));
    assertEquals(halfModel.size(), half.size());
    for (Map.Entry<Long, Long> e : halfModel.entrySet())
      assertEquals(e.getValue(), half.get(e.getKey()));
    for (int k = 0; k < 1000; k++) {
      long key = ((long) r.nextInt(300) << 32) | r.nextInt(300);
      assertEquals(halfModel.getOrDefault(key, 0L), half.get(key));
      assertEquals(model.getOrDefault(key, 0L), m.get(key));
    }
  }

  @Test
  void rowsKeepOrderThroughRemovalsAndCompaction() {
    Random r = new Random(5);
    IntRows rows = IntRows.EMPTY;
    List<LinkedHashSet<Integer>> model = new ArrayList<>();
    for (int row = 0; row < 4; row++) model.add(new LinkedHashSet<>());
    int[] rowOf = new int[20_001];
    int next = 1;
    Object edit = new Object();
    IntRows snapshot = null;
    List<List<Integer>> snapshotModel = null;
    for (int step = 0; step < 40_000; step++) {
      if (next <= 20_000 && (r.nextInt(3) > 0 || step < 100)) {
        int row = r.nextInt(4);
        rows = rows.add(row, next, edit);
        model.get(row).add(next);
        rowOf[next++] = row;
      } else {
        int member = 1 + r.nextInt(next - 1);
        rows = rows.remove(rowOf[member], member, edit);
        model.get(rowOf[member]).remove(member);
      }
      if (step == 20_000) {
        edit = new Object();
        snapshot = rows;
        snapshotModel = new ArrayList<>();
        for (LinkedHashSet<Integer> s : model) snapshotModel.add(new ArrayList<>(s));
      }
    }
    for (int row = 0; row < 4; row++) {
      List<Integer> expected = new ArrayList<>(model.get(row));
      assertArrayEquals(expected.stream().mapToInt(Integer::intValue).toArray(), rows.members(row));
      assertEquals(expected.size(), rows.size(row));
      if (!expected.isEmpty()) {
        assertEquals(expected.get(0), rows.first(row));
        assertEquals(expected.get(expected.size() - 1), rows.last(row));
        assertEquals(expected.get(0), rows.next(row, expected.get(expected.size() - 1), true));
        assertEquals(0, rows.next(row, expected.get(expected.size() - 1), false));
      }
      assertArrayEquals(
          snapshotModel.get(row).stream().mapToInt(Integer::intValue).toArray(),
          snapshot.members(row));
    }
  }
}

package mountcheck.model.semantics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import mountcheck.model.ops.Operation;
import mountcheck.model.state.Invariants;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.MountInfoFormat;
import mountcheck.model.text.ScenarioParser;
import mountcheck.model.text.StateMountInfo;
import org.junit.jupiter.api.Test;

/**
 * States are values: a table kept from early in a scenario reads exactly as it did, however many
 * operations later tables went through; and the indexes the table keeps for speed (mount hash,
 * stack tops, counts) agree with what a scan of the mounts gives, after every operation.
 */
class PersistentStateTest {
  private static final String[] NAMES = {"a", "b", "c"};
  private static final String[] TYPES = {"shared", "slave", "private", "unbindable"};

  private static String path(Random r) {
    StringBuilder p = new StringBuilder("/mnt");
    for (int k = 1 + r.nextInt(3); k > 0; k--) p.append('/').append(NAMES[r.nextInt(NAMES.length)]);
    return p.toString();
  }

  /** A random command over a three-name vocabulary, so mounts stack, overlap and propagate. */
  private static String command(Random r, int n) {
    int x = r.nextInt(100);
    if (x < 20) return "mkdir -p " + path(r) + " " + path(r);
    if (x < 36) return "mount -t tmpfs t" + n + " " + path(r);
    if (x < 50) return "mount --bind " + path(r) + " " + path(r);
    if (x < 53) return "mount --rbind " + path(r) + " " + path(r);
    if (x < 67)
      return "mount --make-" + (r.nextBoolean() ? "r" : "") + TYPES[r.nextInt(4)] + " " + path(r);
    if (x < 71) return "mount --move " + path(r) + " " + path(r);
    if (x < 80) return "umount " + path(r);
    if (x < 97) return "umount -l " + path(r);
    return r.nextBoolean() ? "unshare -m --propagation unchanged" : "unshare -Urm";
  }

  private static MountTable ok(Result<MountTable> r) {
    if (r instanceof Result.Ok<MountTable> ok) return ok.value();
    throw new AssertionError(r);
  }

  private static List<MountTable> run(long seed, int commands) {
    Random r = new Random(seed);
    Model model = Model.linux();
    List<MountTable> states = new ArrayList<>();
    MountTable s =
        ok(
            model.apply(
                MountTable.initial(100_000, 1),
                ScenarioParser.parseCommand("t", "mount -t tmpfs base /mnt")));
    states.add(s);
    for (int n = 0; n < commands; n++) {
      for (Operation op : ScenarioRunner.split(ScenarioParser.parseCommand("t", command(r, n)))) {
        Result<MountTable> next = model.apply(s, op);
        if (next instanceof Result.Ok<MountTable> ok) s = ok.value();
      }
      states.add(s);
    }
    return states;
  }

  @Test
  void earlierStatesAreUnchangedByLaterOperations() {
    List<MountTable> states = run(20261130L, 600);
    List<String> renderedThen = new ArrayList<>();
    List<MountTable> kept = new ArrayList<>();
    Model model = Model.linux();
    for (int i = 0; i < states.size(); i += 25) {
      kept.add(states.get(i));
      renderedThen.add(render(states.get(i)));
    }
    // keep operating on every kept state as well: branches must not disturb each other
    Random r = new Random(1);
    for (MountTable k : kept) {
      MountTable s = k;
      for (int n = 0; n < 200; n++) {
        for (Operation op : ScenarioRunner.split(ScenarioParser.parseCommand("t", command(r, n)))) {
          if (model.apply(s, op) instanceof Result.Ok<MountTable> ok) s = ok.value();
        }
      }
    }
    for (int i = 0; i < kept.size(); i++)
      assertEquals(renderedThen.get(i), render(kept.get(i)), "state " + i * 25);
    assertTrue(
        renderedThen.stream().distinct().count() > kept.size() / 2,
        "the scenario changes the table");
  }

  private static String render(MountTable t) {
    StringBuilder sb = new StringBuilder();
    sb.append(t.mountCount()).append(' ').append(t.mountIdLimit()).append('\n');
    for (int id : t.mountIds()) {
      Mount m = t.mount(id);
      sb.append(m)
          .append(Arrays.toString(t.children(id)))
          .append(Arrays.toString(t.slaves(id)))
          .append('\n');
    }
    for (int g : t.groups()) sb.append(g).append(Arrays.toString(t.groupMembers(g))).append('\n');
    t.namespaces().forEach(ns -> sb.append(ns).append('\n'));
    return sb + MountInfoFormat.render(StateMountInfo.rows(t));
  }

  @Test
  void indexesAgreeWithAScanAfterEveryOperation() {
    for (long seed = 1; seed <= 3; seed++) {
      List<MountTable> states = run(seed, 400);
      for (MountTable t : states) {
        assertEquals(List.of(), Invariants.check(t));
        List<Integer> ids = t.mountIds();
        assertEquals(ids.size(), t.mountCount());
        int[] members = new int[t.namespaces().size() + 2];
        for (int id : ids) {
          Mount m = t.mount(id);
          if (m.namespace() != 0) members[m.namespace()]++;
          int[] kids = t.children(id);
          assertEquals(kids.length, t.childCount(id));
          for (int c : kids) {
            int first = 0;
            for (int k : kids)
              if (t.mount(k).mountpoint() == t.mount(c).mountpoint() && first == 0) first = k;
            assertEquals(first, t.lookup(id, t.mount(c).mountpoint()), "mount hash at child " + c);
          }
          int top = id;
          for (int o = t.overmount(top); o != 0; o = t.overmount(top)) top = o;
          assertEquals(top, t.stackTop(id), "stack top of " + id);
          int[] slaves = t.slaves(id);
          if (slaves.length > 0) {
            assertEquals(slaves[0], t.firstSlave(id));
            assertEquals(slaves[slaves.length - 1], t.lastSlave(id));
            for (int i = 0; i + 1 < slaves.length; i++)
              assertEquals(slaves[i + 1], t.nextSlave(slaves[i]));
          }
          if (m.shared()) {
            int[] ring = t.groupMembers(m.group());
            int at = Arrays.stream(ring).boxed().toList().indexOf(id);
            assertEquals(ring[(at + 1) % ring.length], t.nextPeer(id));
          }
        }
        for (var ns : t.namespaces()) assertEquals(members[ns.id()], t.namespaceMembers(ns.id()));
      }
    }
  }

  @Test
  void aStackOfAThousandMountsIsCrossedInOneStep() {
    Model model = Model.linux();
    MountTable s =
        ok(
            model.apply(
                MountTable.initial(100_000, 1),
                ScenarioParser.parseCommand("t", "mount -t tmpfs base /mnt")));
    s = ok(model.apply(s, ScenarioParser.parseCommand("t", "mkdir -p /mnt/a")));
    List<Integer> stack = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      s = ok(model.apply(s, ScenarioParser.parseCommand("t", "mount -t tmpfs s" + i + " /mnt/a")));
      stack.add(s.mountIdLimit() - 1);
    }
    assertEquals(stack.get(999), s.stackTop(stack.get(0)));
    assertEquals(stack.get(999), s.stackTop(stack.get(500)));
    MountTable lower = s;
    s = ok(model.apply(s, ScenarioParser.parseCommand("t", "umount /mnt/a")));
    assertEquals(stack.get(998), s.stackTop(stack.get(0)));
    assertEquals(
        stack.get(999), lower.stackTop(stack.get(0)), "the earlier state still has the top");
    assertArrayEquals(new int[] {stack.get(1)}, s.children(stack.get(0)));
  }
}

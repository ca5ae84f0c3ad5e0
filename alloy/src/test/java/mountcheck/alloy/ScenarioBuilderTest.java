package mountcheck.alloy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ScenarioBuilderTest {

  private static List<String> commands(String scenario) {
    return scenario.lines().filter(l -> !l.startsWith("#") && !l.isBlank()).toList();
  }

  @Test
  void c16BuildsWithoutPropagationAndUmountsA1Lazily() {
    ScenarioBuilder.Translation t = ScenarioBuilder.build(Tables.c16(), List.of("C16"));
    assertTrue(t.ok(), t.problem());
    List<String> cmds = commands(t.scenario());
    assertEquals("mount -t tmpfs scaffold /mnt", cmds.get(0));
    assertEquals("umount -l /mnt/top/foo/A/1", cmds.get(cmds.size() - 1));
    // A/1/2 is attached before B/1 exists, so nothing propagates to B/1
    assertTrue(
        cmds.indexOf("mount --bind /mnt/fs/t2 /mnt/top/foo/A/1/2")
            < cmds.indexOf("mount --bind /mnt/top/foo/A/1 /mnt/top/foo/B/1"),
        t.scenario());
    // B/1/2 is a slave copy of A/1/2 on B/1, then T3 goes on top of it
    int b12 = cmds.indexOf("mount --bind /mnt/top/foo/A/1/2 /mnt/top/foo/B/1/2");
    assertTrue(b12 > 0, t.scenario());
    assertEquals("mount --make-slave /mnt/top/foo/B/1/2", cmds.get(b12 + 1));
    assertTrue(cmds.contains("mount --bind /mnt/fs/t3 /mnt/top/foo/B/1/2"), t.scenario());
    assertTrue(cmds.contains("mount --bind /mnt/fs/t4 /mnt/top/foo/B/1/2/x"), t.scenario());
    assertTrue(t.scenario().startsWith("# C16\n"));
  }

  @Test
  void lockedMountsAreNotTranslated() {
    ScenarioBuilder.Translation t = ScenarioBuilder.build(Tables.lockedCounterpart(), List.of());
    assertFalse(t.ok());
    assertNull(t.scenario());
    assertTrue(t.problem().contains("locked"), t.problem());
  }

  @Test
  void peersThatEachCarryTheirOwnChildHaveNoConstructionOrder() {
    // P's child must exist before Q (else it would propagate to Q) and vice versa
    TableFacts t =
        new TableFacts(
            List.of(
                MountFact.root("r", "root"),
                MountFact.child("P", "p", "r", "/p").inGroup("g"),
                MountFact.child("Q", "p", "r", "/q").inGroup("g"),
                MountFact.child("x", "x", "P", "/d1"),
                MountFact.child("y", "y", "Q", "/d2")),
            "x");
    ScenarioBuilder.Translation tr = ScenarioBuilder.build(t, List.of());
    assertFalse(tr.ok());
    assertTrue(tr.problem().contains("no creation order"), tr.problem());
  }

  @Test
  void aCoveredTargetCannotBeNamedByPath() {
    TableFacts t =
        new TableFacts(
            List.of(
                MountFact.root("r", "root"),
                MountFact.child("a", "x", "r", "/d"),
                MountFact.child("o", "y", "a", "/")),
            "a");
    ScenarioBuilder.Translation tr = ScenarioBuilder.build(t, List.of());
    assertFalse(tr.ok());
    assertTrue(tr.problem().contains("covered"), tr.problem());
  }

  @Test
  void pathHelpers() {
    assertTrue(ScenarioBuilder.under("/", "/a/b"));
    assertTrue(ScenarioBuilder.under("/a", "/a/b"));
    assertFalse(ScenarioBuilder.under("/a", "/ab"));
    assertEquals("/a/b", ScenarioBuilder.rel("/", "/a/b"));
    assertEquals("/b", ScenarioBuilder.rel("/a", "/a/b"));
    assertEquals("", ScenarioBuilder.rel("/a", "/a"));
  }
}

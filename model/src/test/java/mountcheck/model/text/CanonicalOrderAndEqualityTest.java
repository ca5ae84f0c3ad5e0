package mountcheck.model.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Canonical names and order where rows tie or lie outside their parent, and the equality of tables.
 */
class CanonicalOrderAndEqualityTest {
  private static MountInfoRow row(
      int id, int parent, int minor, String mountPoint, String source, String... opt) {
    return new MountInfoRow(
        id, parent, 0, minor, "/", mountPoint, "rw", Arrays.asList(opt), "tmpfs", source, "rw");
  }

  private static List<String> names(CanonicalTable t) {
    return t.mounts().stream().map(CanonicalMount::name).toList();
  }

  @Test
  void aThirdRepeatedNameGetsSuffixThree() {
    CanonicalTable t =
        CanonicalTable.of(
            List.of(
                row(70, 1, 40, "/mnt/x", "c"),
                row(71, 1, 41, "/mnt/x", "a"),
                row(72, 1, 42, "/mnt/x", "b")));
    assertEquals(List.of("/mnt/x", "/mnt/x~2", "/mnt/x~3"), names(t));
    assertEquals("a", t.mount("/mnt/x").source());
    assertEquals("b", t.mount("/mnt/x~2").source());
    assertEquals("c", t.mount("/mnt/x~3").source());
  }

  @Test
  void rowsThatTieOtherwiseAreOrderedByHowManyOptionalFieldsTheyHave() {
    // the shared row has the lower id, but the row with no optional field comes first
    CanonicalTable t =
        CanonicalTable.of(
            List.of(row(70, 1, 40, "/mnt", "s", "shared:5"), row(71, 1, 41, "/mnt", "s")));
    assertEquals(List.of("/mnt", "/mnt~2"), names(t));
    assertNull(t.mount("/mnt").peers());
    assertEquals(List.of("/mnt~2"), t.mount("/mnt~2").peers());
  }

  @Test
  void aChildOutsideItsParentsPathIsKeptWholeAndSortsByThatName() {
    // '!' sorts before '/', so /mnt/z (outside /mnt/a) comes before /mnt/a/b
    CanonicalTable t =
        CanonicalTable.of(
            List.of(
                row(63, 1, 40, "/mnt/a", "a"),
                row(64, 63, 41, "/mnt/a/b", "b"),
                row(65, 63, 42, "/mnt/z", "z")));
    assertEquals(List.of("/mnt/a", "/mnt/a!/mnt/z", "/mnt/a/b"), names(t));
    assertEquals("/mnt/a", t.mount("/mnt/a!/mnt/z").parent());
  }

  @Test
  void aTableEqualsItselfAndNoTableOfAnotherSizeOrType() {
    CanonicalTable one = CanonicalTable.of(List.of(row(63, 1, 40, "/mnt", "a")));
    CanonicalTable two =
        CanonicalTable.of(List.of(row(63, 1, 40, "/mnt", "a"), row(64, 63, 41, "/mnt/b", "b")));
    assertTrue(one.equals(one));
    assertFalse(one.equals(two));
    assertFalse(two.equals(one));
    assertFalse(one.equals("/mnt"));
    assertFalse(one.equals(null));
  }

  @Test
  void tablesThatDifferHashApart() {
    CanonicalTable a = CanonicalTable.of(List.of(row(63, 1, 40, "/mnt", "a")));
    CanonicalTable b = CanonicalTable.of(List.of(row(63, 1, 40, "/mnt/b", "a")));
    CanonicalTable sameAsA = CanonicalTable.of(List.of(row(90, 7, 12, "/mnt", "a")));
    assertEquals(a, sameAsA);
    assertEquals(a.hashCode(), sameAsA.hashCode());
    assertNotEquals(a.hashCode(), b.hashCode());
  }
}

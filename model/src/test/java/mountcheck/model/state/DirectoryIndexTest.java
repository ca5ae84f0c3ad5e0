package mountcheck.model.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Directories are found by name under their own parent only, through chains of names with the same
 * hash, before and after rmdir, and paths are walked component by component.
 */
class DirectoryIndexTest {
  private final MountTableBuilder b = MountTable.initial(100, 1).toBuilder();
  private final int sb = b.newSuperblock("tmpfs", "t");
  private final int root = b.superblockRoot.get(sb);

  @Test
  void pathsAreWalkedComponentByComponentSkippingEmptyOnes() {
    int a = b.mkdir(root, "a");
    int ab = b.mkdir(a, "b");
    int c = b.mkdir(root, "c");
    assertEquals(root, b.dentryAt(sb, "/"));
    assertEquals(a, b.dentryAt(sb, "/a"));
    assertEquals(ab, b.dentryAt(sb, "/a/b"));
    assertEquals(ab, b.dentryAt(sb, "/a//b"));
    assertEquals(a, b.dentryAt(sb, "/a/"));
    assertEquals(c, b.dentryAt(sb, "/c"));
    MountTable t = b.build();
    assertEquals(ab, t.dentryAt(sb, "/a/b"));
    assertEquals(2, t.dentryChildCount(root));
    assertEquals(1, t.dentryChildCount(a));
    assertEquals(0, t.dentryChildCount(ab));
  }

  @Test
  void aNameIsOnlyFoundUnderItsOwnParent() {
    int a = b.mkdir(root, "a");
    int ab = b.mkdir(a, "b");
    int c = b.mkdir(root, "c");
    assertEquals(ab, b.childDentry(a, "b"));
    assertEquals(0, b.childDentry(c, "b"));
    assertEquals(0, b.dentryAt(sb, "/c/b"));
    assertEquals(0, b.childDentry(root, "b"));
  }

  @Test
  void namesWithTheSameHashAreAllFoundAndRemovedOneByOne() {
    // "Aa", "BB" and "C#" all have String.hashCode() 2112: one chain, newest first
    assertEquals("Aa".hashCode(), "BB".hashCode());
    assertEquals("Aa".hashCode(), "C#".hashCode());
    int aa = b.mkdir(root, "Aa");
    int bb = b.mkdir(root, "BB");
    int ch = b.mkdir(root, "C#");
    assertEquals(aa, b.childDentry(root, "Aa"));
    assertEquals(bb, b.childDentry(root, "BB"));
    assertEquals(ch, b.childDentry(root, "C#"));
    assertEquals(0, b.childDentry(root, "Ab"));

    b.removeDentry(bb); // in the middle of the chain
    assertEquals(0, b.childDentry(root, "BB"));
    assertEquals(aa, b.childDentry(root, "Aa"));
    assertEquals(ch, b.childDentry(root, "C#"));
    assertTrue(b.dentry(bb).deleted());
    assertEquals(2, b.dentryChildCount(root));

    b.removeDentry(ch); // the head of the chain, with a successor
    assertEquals(0, b.childDentry(root, "C#"));
    assertEquals(aa, b.childDentry(root, "Aa"));

    b.removeDentry(aa); // the last one
    assertEquals(0, b.childDentry(root, "Aa"));
    assertEquals(0, b.dentryChildCount(root));

    int again = b.mkdir(root, "BB");
    assertNotEquals(bb, again);
    assertEquals(again, b.childDentry(root, "BB"));
    assertFalse(b.dentry(again).deleted());
    assertEquals("/BB", b.dentry(again).path());
  }

  @Test
  void aDirectoryIsOnlyBelowDirectoriesOfItsOwnFilesystem() {
    Dentry rootOfOne = new Dentry(1, 1, 0, "", "/", false);
    Dentry rootOfTwo = new Dentry(4, 2, 0, "", "/", false);
    Dentry aOfTwo = new Dentry(5, 2, 4, "a", "/a", false);
    assertTrue(aOfTwo.isAtOrBelow(rootOfTwo));
    assertFalse(aOfTwo.isAtOrBelow(rootOfOne));
    assertEquals("/a", aOfTwo.relativeTo(rootOfTwo));
    assertEquals("/../a", aOfTwo.relativeTo(rootOfOne));
  }

  @Test
  void aRemovedDirectoryIsOnlyAtItselfNotBelowOneMadeLaterAtItsPath() {
    Dentry removed = new Dentry(5, 2, 4, "a", "/a", false).asDeleted();
    Dentry madeLater = new Dentry(6, 2, 4, "a", "/a", false);
    assertTrue(removed.isAtOrBelow(removed));
    assertFalse(removed.isAtOrBelow(madeLater));
  }
}

package mountcheck.model.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Open files, working directories and the idle state of the scenario's shells. */
class ShellStateTest {
  private static final ShellState START = ShellState.INITIAL;

  @Test
  void eachOpenGetsTheNextFileIdAndClosingReleasesTheMount() {
    ShellState s = START.open(3, 7).open(4, 8);
    assertEquals(List.of(0, 0, 0, 1, 2, 0, 0, 0, 0, 0), s.fds());
    assertEquals(Map.of(1, 7, 2, 8), s.files());
    assertEquals(3, s.nextFile());
    assertEquals(1, s.references(8));
    ShellState closed = s.close(4);
    assertEquals(0, closed.references(8));
    assertEquals(1, closed.references(7));
    assertEquals(Map.of(1, 7), closed.files());
  }

  @Test
  void referencesCountFilesAndWorkingDirectoriesOfEveryShell() {
    // mount 7: two open files, the current shell's working directory, a waiting shell's
    ShellState s = START.withCwd(7, 9).enter(1, 1, 7, 9).open(3, 7).open(4, 7);
    assertEquals(4, s.references(7));
    assertEquals(0, s.references(8));
    assertEquals(0, START.references(0));
    assertEquals(1, START.withCwd(7, 9).references(7));
    assertEquals(1, START.withCwd(7, 9).enter(1, 1, 0, 0).references(7));
  }

  @Test
  void aFileOpenForWritingIsAWriterOfItsMountUntilItsLastDescriptorCloses() {
    // file 1 on mount 7 of superblock 2, open for writing; file 2 on mount 8 read-only
    ShellState s = START.open(3, 7, 2).open(4, 8);
    assertEquals(1, s.writers(7));
    assertEquals(0, s.writers(8));
    assertTrue(s.superblockHasWriters(2));
    assertFalse(s.superblockHasWriters(3));
    assertEquals(1, s.references(7), "a writer also holds its mount");
    // a new shell shares the file: closing its descriptor leaves the waiting shell's
    ShellState inner = s.enter(1, 1, 0, 0).close(3);
    assertEquals(1, inner.writers(7));
    assertFalse(inner.leave().close(3).superblockHasWriters(2));
    // reopening descriptor 3 read-only closes the writer and keeps the hold
    ShellState reopened = s.open(3, 7);
    assertEquals(0, reopened.writers(7));
    assertEquals(1, reopened.references(7));
    assertFalse(reopened.superblockHasWriters(2));
  }

  @Test
  void theShellsNamespacesAreTheCurrentOneAndEveryWaitingShells() {
    assertEquals(Set.of(1, 2), START.enter(1, 1, 0, 0).shellNamespaces(2));
    assertEquals(Set.of(3), START.shellNamespaces(3));
  }

  @Test
  void idleOnlyWhenNothingIsHeldAndNoNamespaceIsNamed() {
    assertTrue(START.idle());
    assertTrue(START.enter(1, 1, 0, 0).idle());
    assertFalse(START.open(3, 5).idle());
    assertFalse(START.withCwd(5, 9).idle());
    assertFalse(START.withDetached(Map.of(5, 0)).idle());
    assertFalse(START.withNamed(List.of(2)).idle());
    assertFalse(START.withCwd(5, 9).enter(1, 1, 0, 0).idle()); // the waiting shell is in 5
  }
}

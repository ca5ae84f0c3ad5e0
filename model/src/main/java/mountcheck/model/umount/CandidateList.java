package mountcheck.model.umount;

/**
 * The undecided candidates of the 2025 propagate_umount: a doubly linked list of mounts kept in
 * two int arrays indexed by mount id, with slot 0 (never a mount) as the head. Adding puts a
 * mount first, as {@code list_add} does; removal of any member is O(1).
 */
final class CandidateList {
  private final int[] next;
  private final int[] prev;

  CandidateList(int maxMountId) {
    next = new int[maxMountId + 1];
    prev = new int[maxMountId + 1];
  }

  void addFirst(int m) {
    int first = next[0];
    next[m] = first;
    prev[m] = 0;
    prev[first] = m;
    next[0] = m;
  }

  /** Unlinks m (a member). */
  void remove(int m) {
    next[prev[m]] = next[m];
    prev[next[m]] = prev[m];
    next[m] = 0;
    prev[m] = 0;
  }

  boolean isEmpty() {
    return next[0] == 0;
  }

  /** The first member, or 0 when empty. */
  int first() {
    return next[0];
  }

  /** The member after m, or 0 at the end. */
  int after(int m) {
    return next[m];
  }
}

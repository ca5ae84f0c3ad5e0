package mountcheck.properties.rcu;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import mountcheck.model.rcu.Setup;

/**
 * Readers of the same kind are interchangeable: two states that differ only by a permutation of
 * such readers (with the grace periods each one blocks) have the same futures up to the same
 * permutation, so the explorer stores one of them. A reader's kind is what the setup fixes for it:
 * for a path walker its target and whether it walks {@code ..} from a working directory; for a
 * lockless namespace reader its {@link mountcheck.model.rcu.NsReaderKind} and its target. A new
 * kind of reader is a new key here ({@link #kindKeys}); the rest follows.
 */
final class ReaderSymmetry {
  private final int[] walkerClass;
  private final int[] nsReaderClass;

  private ReaderSymmetry(int[] walkerClass, int[] nsReaderClass) {
    this.walkerClass = walkerClass;
    this.nsReaderClass = nsReaderClass;
  }

  /** The classes of interchangeable readers of {@code setup}. */
  static ReaderSymmetry of(Setup setup) {
    List<List<Object>> keys = kindKeys(setup);
    Map<List<Object>, Integer> ids = new HashMap<>();
    int walkers = setup.readerTargets().size();
    int[] walker = new int[walkers];
    int[] ns = new int[keys.size() - walkers];
    for (int i = 0; i < keys.size(); i++) {
      int id = ids.computeIfAbsent(keys.get(i), k -> ids.size());
      if (i < walkers) walker[i] = id;
      else ns[i - walkers] = id;
    }
    return new ReaderSymmetry(walker, ns);
  }

  /**
   * What makes a reader of its kind, for every path walker then every namespace reader: readers
   * with equal keys are interchangeable.
   */
  private static List<List<Object>> kindKeys(Setup setup) {
    List<List<Object>> out = new ArrayList<>();
    for (int r = 0; r < setup.readerTargets().size(); r++)
      out.add(List.of("walker", setup.readerTargets().get(r), setup.dotdotCwd(r)));
    for (int n = 0; n < setup.nsReaderKinds().size(); n++)
      out.add(List.of(setup.nsReaderKinds().get(n), setup.nsReaderTargets().get(n)));
    return out;
  }

  /** The class of path walker {@code r}. */
  int walkerClass(int r) {
    return walkerClass[r];
  }

  /** The class of lockless namespace reader {@code n}. */
  int nsReaderClass(int n) {
    return nsReaderClass[n];
  }
}

package mountcheck.model.rcu;

import java.util.ArrayList;
import java.util.List;

/**
 * A list view that copies its immutable source on the first write, so that a successor state shares
 * every list it did not change with its predecessor. Used only inside {@link Edit}.
 */
final class CowList<T> {
  private List<T> list;
  private boolean copied;

  CowList(List<T> source) {
    list = source;
  }

  T get(int i) {
    return list.get(i);
  }

  int size() {
    return list.size();
  }

  boolean isEmpty() {
    return list.isEmpty();
  }

  void set(int i, T value) {
    writable().set(i, value);
  }

  void add(T value) {
    writable().add(value);
  }

  T remove(int i) {
    return writable().remove(i);
  }

  /** The current contents (the source itself when nothing was written). */
  List<T> list() {
    return list;
  }

  private List<T> writable() {
    if (!copied) {
      list = new ArrayList<>(list);
      copied = true;
    }
    return list;
  }
}

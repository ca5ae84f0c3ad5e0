package mountcheck.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * A generator of example values drawn from a {@link Source}. A generator is a plain function of its
 * source, so any lambda {@code s -> ...} over {@link Source#draw} is one; the combinators below
 * cover the usual shapes.
 *
 * <p>Convention that makes shrinking work: choice 0 is always the simplest option (the first
 * alternative of {@link #oneOf}, the lowest value of a range, the end of a list, the leaf of a
 * recursion). Shrinking lowers choices and deletes spans of them, so simpler choices must give
 * simpler values.
 */
@FunctionalInterface
public interface Gen<T> {
  /** The span label of the elements of {@link #list} and {@link #listOf}. */
  String LIST_ELEMENT = "list-element";

  /** The span label of the nodes (and leaves) of {@link #recursive}. */
  String TREE_NODE = "tree-node";

  /** The default number of attempts of {@link #filter(Predicate)} before it gives up. */
  int DEFAULT_FILTER_TRIES = 20;

  T generate(Source source);

  default <U> Gen<U> map(Function<? super T, ? extends U> f) {
    return s -> f.apply(generate(s));
  }

  default <U> Gen<U> flatMap(Function<? super T, ? extends Gen<? extends U>> f) {
    return s -> f.apply(generate(s)).generate(s);
  }

  /**
   * Values satisfying {@code p}; after {@link #DEFAULT_FILTER_TRIES} misses the example is invalid.
   */
  default Gen<T> filter(Predicate<? super T> p) {
    return filter(p, DEFAULT_FILTER_TRIES);
  }

  /**
   * Values satisfying {@code p}, drawing again up to {@code maxTries} times. When every attempt
   * misses, the source is marked invalid (the runner discards the example) and the last attempt is
   * returned, so no exception is thrown on the hot path.
   */
  default Gen<T> filter(Predicate<? super T> p, int maxTries) {
    return s -> {
      T last = null;
      for (int i = 0; i < maxTries; i++) {
        last = generate(s);
        if (p.test(last)) return last;
      }
      s.markInvalid("filter gave up after " + maxTries + " tries");
      return last;
    };
  }

  /** Labels each generated value with {@code labelOf(value)}, unless that is null. */
  default Gen<T> labelled(Function<? super T, String> labelOf) {
    return s -> {
      T v = generate(s);
      String name = labelOf.apply(v);
      if (name != null) s.label(name);
      return v;
    };
  }

  /**
   * This generator with the choices of each value marked as one span of the kind {@code label}, a
   * unit the shrinker may delete, replace by a span nested inside it (a subtree by one of its
   * subtrees), or swap with a neighbouring span of the same kind.
   */
  default Gen<T> spanned(String label) {
    return s -> {
      int start = s.position();
      T v = generate(s);
      s.endSpan(start, label);
      return v;
    };
  }

  /** This generator with the size parameter replaced by {@code f(size)} while it runs. */
  default Gen<T> resize(IntUnaryOperator f) {
    return s -> {
      int old = s.size();
      s.setSize(f.applyAsInt(old));
      T v = generate(s);
      s.setSize(old);
      return v;
    };
  }

  // ---- constructors ----

  static <T> Gen<T> constant(T value) {
    return s -> value;
  }

  /** An int in {@code [lo, hi]}, biased to values near {@code lo} (and to {@code hi}). */
  static Gen<Integer> intRange(int lo, int hi) {
    if (hi < lo) throw new IllegalArgumentException("empty range " + lo + ".." + hi);
    int span = (int) Math.min(Integer.MAX_VALUE, (long) hi - lo);
    return s -> (int) (lo + (long) s.drawSmall(span));
  }

  /** An int in {@code [lo, hi]}, uniform when drawn at random. */
  static Gen<Integer> intUniform(int lo, int hi) {
    if (hi < lo) throw new IllegalArgumentException("empty range " + lo + ".." + hi);
    int span = (int) Math.min(Integer.MAX_VALUE, (long) hi - lo);
    return s -> (int) (lo + (long) s.draw(span));
  }

  /** false or true; false is simpler. */
  static Gen<Boolean> bool() {
    return s -> s.draw(1) == 1;
  }

  /** true with probability {@code p} when drawn at random; false is simpler. */
  static Gen<Boolean> coin(double p) {
    return s -> s.drawCoin(p);
  }

  /** One of the given values; earlier values are simpler. */
  @SafeVarargs
  static <T> Gen<T> elements(T... values) {
    List<T> list = new ArrayList<>(values.length);
    for (T v : values) list.add(v);
    return elements(list);
  }

  /** One of the given values; earlier values are simpler. */
  static <T> Gen<T> elements(List<? extends T> values) {
    if (values.isEmpty()) throw new IllegalArgumentException("no values to choose from");
    List<? extends T> copy = List.copyOf(values);
    int max = copy.size() - 1;
    return s -> copy.get(s.draw(max));
  }

  /** One of the given generators, chosen uniformly; earlier generators are simpler. */
  @SafeVarargs
  static <T> Gen<T> oneOf(Gen<? extends T>... gens) {
    List<Gen<? extends T>> list = new ArrayList<>(gens.length);
    for (Gen<? extends T> g : gens) list.add(g);
    return oneOf(list);
  }

  /** One of the given generators, chosen uniformly; earlier generators are simpler. */
  static <T> Gen<T> oneOf(List<? extends Gen<? extends T>> gens) {
    if (gens.isEmpty()) throw new IllegalArgumentException("no generators to choose from");
    @SuppressWarnings("unchecked")
    Gen<? extends T>[] array = (Gen<? extends T>[]) gens.toArray(new Gen<?>[0]);
    int max = array.length - 1;
    return s -> array[s.draw(max)].generate(s);
  }

  /** A weighted alternative for {@link #frequency}. */
  record Weighted<T>(int weight, Gen<? extends T> gen) {
    public Weighted {
      if (weight <= 0) throw new IllegalArgumentException("weight must be positive: " + weight);
      Objects.requireNonNull(gen);
    }
  }

  static <T> Weighted<T> weighted(int weight, Gen<? extends T> gen) {
    return new Weighted<>(weight, gen);
  }

  /**
   * One of the alternatives, chosen with probability proportional to its weight; the first
   * alternative is the simplest (choice 0 selects it).
   */
  @SafeVarargs
  static <T> Gen<T> frequency(Weighted<? extends T>... alternatives) {
    if (alternatives.length == 0) throw new IllegalArgumentException("no alternatives");
    int n = alternatives.length;
    int[] upper = new int[n];
    @SuppressWarnings("unchecked")
    Gen<? extends T>[] gens = (Gen<? extends T>[]) new Gen<?>[n];
    int total = 0;
    for (int i = 0; i < n; i++) {
      total += alternatives[i].weight();
      upper[i] = total;
      gens[i] = alternatives[i].gen();
    }
    int max = total - 1;
    return s -> {
      int r = s.draw(max);
      int i = 0;
      while (r >= upper[i]) i++;
      return gens[i].generate(s);
    };
  }

  /** Lists of any length, the expected length growing with the size parameter. */
  static <T> Gen<List<T>> list(Gen<? extends T> element) {
    return list(element, 0, Integer.MAX_VALUE);
  }

  /**
   * Lists of {@code min..max} elements. Each element beyond the minimum is preceded by a 0/1 choice
   * "one more?", so deleting the span of an element deletes the element, and an exhausted replay
   * ends the list. The expected length grows with the size parameter: {@code min + 1 + size/8}, at
   * most half-way to {@code max}.
   */
  static <T> Gen<List<T>> list(Gen<? extends T> element, int min, int max) {
    if (min < 0 || max < min)
      throw new IllegalArgumentException("bad list bounds " + min + ".." + max);
    return s -> {
      double extra = Math.min((max - (double) min) / 2.0, 1.0 + s.size() / 8.0);
      double more = extra / (extra + 1.0);
      List<T> out = new ArrayList<>();
      for (int i = 0; i < min; i++) {
        int start = s.position();
        out.add(element.generate(s));
        s.endSpan(start, LIST_ELEMENT);
      }
      while (out.size() < max) {
        int start = s.position();
        if (!s.drawCoin(more)) break;
        out.add(element.generate(s));
        s.endSpan(start, LIST_ELEMENT);
        if (s.tooLarge()) break;
      }
      return out;
    };
  }

  /** Lists whose length is drawn first from {@code sizes}, then that many elements. */
  static <T> Gen<List<T>> listOf(Gen<Integer> sizes, Gen<? extends T> element) {
    return s -> {
      int n = sizes.generate(s);
      List<T> out = new ArrayList<>(n);
      for (int i = 0; i < n && !s.tooLarge(); i++) {
        int start = s.position();
        out.add(element.generate(s));
        s.endSpan(start, LIST_ELEMENT);
      }
      return out;
    };
  }

  /**
   * A permutation of {@code values} (Fisher-Yates from the back: position i swaps with position
   * {@code i - choice}). All-zero choices give the list unchanged, so shrinking moves towards the
   * original order.
   */
  static <T> Gen<List<T>> permutation(List<? extends T> values) {
    List<? extends T> copy = List.copyOf(values);
    return s -> {
      List<T> out = new ArrayList<>(copy);
      for (int i = out.size() - 1; i > 0; i--) {
        int j = i - s.draw(i);
        if (j != i) {
          T t = out.get(i);
          out.set(i, out.get(j));
          out.set(j, t);
        }
      }
      return out;
    };
  }

  /**
   * A sub-list of {@code values} in their order, each element kept with probability {@code p} when
   * drawn at random; all-zero choices give the empty list.
   */
  static <T> Gen<List<T>> subsetOf(List<? extends T> values, double p) {
    List<? extends T> copy = List.copyOf(values);
    return s -> {
      List<T> out = new ArrayList<>();
      for (T v : copy) if (s.drawCoin(p)) out.add(v);
      return out;
    };
  }

  /** A generator chosen by the current size parameter. */
  static <T> Gen<T> sized(IntFunction<? extends Gen<? extends T>> f) {
    return s -> f.apply(s.size()).generate(s);
  }

  /** Defers building a generator until it is first used: for self-referential generators. */
  static <T> Gen<T> lazy(Supplier<? extends Gen<? extends T>> supplier) {
    return new Gen<T>() {
      private Gen<? extends T> gen;

      @Override
      public T generate(Source s) {
        if (gen == null) gen = supplier.get();
        return gen.generate(s);
      }
    };
  }

  /**
   * A recursive generator: at each level choice 0 gives a {@code leaf}; otherwise (with probability
   * {@code branchProbability} when random) {@code branch} builds a node from the generator one
   * level down. Depth is capped at {@code maxDepth} levels of branches. Every node is a span, so
   * the shrinker can replace a subtree by one of its own subtrees.
   */
  static <T> Gen<T> recursive(
      Gen<? extends T> leaf,
      Function<Gen<T>, Gen<? extends T>> branch,
      int maxDepth,
      double branchProbability) {
    Gen<T> leafSpan = leaf::generate;
    Gen<T> current = leafSpan.spanned(TREE_NODE);
    for (int depth = 1; depth <= maxDepth; depth++) {
      Gen<? extends T> node = branch.apply(current);
      Gen<T> level = s -> s.drawCoin(branchProbability) ? node.generate(s) : leaf.generate(s);
      current = level.spanned(TREE_NODE);
    }
    return current;
  }
}

package mountcheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Recursive values shrink by lifting subtrees: planted failures with hand-stated minima. */
class TreeShrinkTest {
  sealed interface Tree permits Leaf, Node {}

  record Leaf(int value) implements Tree {}

  record Node(Tree left, Tree right) implements Tree {}

  private static final Gen<Tree> TREES =
      Gen.recursive(
          Gen.intRange(0, 100).map(Leaf::new),
          sub -> s -> new Node(sub.generate(s), sub.generate(s)),
          8,
          0.6);

  private static final RunConfig QUIET =
      RunConfig.defaults()
          .withLog(line -> {})
          .withShrinkLimits(new ShrinkLimits(Duration.ofSeconds(20), 100_000));

  private static int maxLeaf(Tree t) {
    return t instanceof Leaf l
        ? l.value()
        : Math.max(maxLeaf(((Node) t).left()), maxLeaf(((Node) t).right()));
  }

  private static int depth(Tree t) {
    return t instanceof Leaf
        ? 0
        : 1 + Math.max(depth(((Node) t).left()), depth(((Node) t).right()));
  }

  /** The smallest tree with a leaf above 50 is that leaf alone, holding 51. */
  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 42, 2026})
  void aLargeLeafDeepInATreeShrinksToThatLeafAlone(long seed) {
    Property<Tree> p =
        Property.holds("small-leaves", "every leaf is at most 50", TREES, t -> maxLeaf(t) <= 50);
    RunReport<Tree> r = Runner.run(p, QUIET.withSeed(seed));
    assertEquals(new Leaf(51), r.firstFailure().orElseThrow().shrunk(), r.summary());
  }

  /** The smallest tree of depth 2 has zero leaves and its deep branch on the right. */
  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 42, 2026})
  void aDeepTreeShrinksToTheSmallestTreeOfDepthTwo(long seed) {
    Property<Tree> p =
        Property.holds("shallow", "trees have depth below 2", TREES, t -> depth(t) < 2);
    RunReport<Tree> r = Runner.run(p, QUIET.withSeed(seed));
    // Both smallest shapes take 8 choices: node(leaf, node) is 1,0,0,1,0,0,0,0 and node(node,
    // leaf) is 1,1,0,0,0,0,0,0; shortlex prefers the first, so the deep branch is on the right.
    assertEquals(
        new Node(new Leaf(0), new Node(new Leaf(0), new Leaf(0))),
        r.firstFailure().orElseThrow().shrunk(),
        r.summary());
  }
}

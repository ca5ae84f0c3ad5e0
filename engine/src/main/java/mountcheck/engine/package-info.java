/**
 * The property engine: generators over a recorded choice sequence, a runner, and shrinking.
 *
 * <p>A generator ({@link mountcheck.engine.Gen}) is a function of a {@link
 * mountcheck.engine.Source}, which hands out bounded ints and records them. The same choices always
 * give the same value, so a failing example is kept as its {@link
 * mountcheck.engine.ChoiceSequence}, and shrinking the example means shrinking that sequence
 * (shortlex: shorter, then lower). Choice 0 must always mean "simplest".
 *
 * <pre>{@code
 * Gen<List<Integer>> lists = Gen.list(Gen.intRange(0, 1000));
 * Property<List<Integer>> p =
 *     Property.<List<Integer>>of("sum-small", "a list sums to at most 100", lists,
 *             (xs, labels) -> {
 *               if (xs.size() > 3) labels.label("long");
 *               return Verdict.of(sum(xs) <= 100, "sum above 100");
 *             })
 *         .requiring("long", 0.10)
 *         .withTries(5_000);
 * RunReport<List<Integer>> r = Runner.run(p, RunConfig.defaults().withSeed(42));
 * r.firstFailure().map(Failure::shrunk);   // [101]
 * }</pre>
 *
 * <p>Hot paths: a generator written directly as a lambda over {@code Source.draw}/{@code
 * drawSmall}/{@code drawCoin} costs a few nanoseconds per choice; the combinators allocate a little
 * per call. Nothing in the run loop throws for control flow: a filter that gives up marks the
 * source invalid, and a replay past the end of its sequence reads zeros.
 */
package mountcheck.engine;

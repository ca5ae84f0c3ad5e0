package mountcheck.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;
import mountcheck.model.umount.Generations;
import mountcheck.model.umount.OverlapFamily;
import mountcheck.model.umount.UmountAlgorithm;
import mountcheck.model.umount.UmountPlan;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * propagate_umount for {@code umount -l /mnt/1} on the overlap family of 296990deb389 ("Make
 * propagate_umount less slow for overlapping mount propagation trees"): 2^(N+1) + 1 mounts, the
 * workload of {@code mountcheck bench umount}, measured by JMH. One call of {@code plan} is one
 * operation (single-shot timing is wrong here: the JIT needs about ten runs at N=19 to settle).
 *
 * <pre>
 * mvn -pl bench -am package -DskipTests
 * java -jar bench/target/benchmarks.jar UmountBenchmark -p n=19 -p generation=2025,2017 \
 *     -f 1 -wi 3 -i 3
 * </pre>
 *
 * The naive twins ({@code 2025-naive}, {@code 2017-naive}) are quadratic: keep them to N &lt;= 13.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xss8m"})
public class UmountBenchmark {
  /** Self-binds: the family has 2^(N+1) + 1 mounts. */
  @Param({"15"})
  public int n;

  /** A generation as {@code --umount} names it. */
  @Param({"2025", "2017"})
  public String generation;

  private UmountAlgorithm algorithm;
  private OverlapFamily family;
  private List<Integer> u;

  @Setup(Level.Trial)
  public void build() {
    algorithm =
        Generations.byName(generation)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "unknown generation " + generation + "; one of " + Generations.names()));
    family = new OverlapFamily(n);
    u = family.firstChain();
  }

  /** The plan is returned, so JMH keeps it live. */
  @Benchmark
  public UmountPlan plan() {
    return algorithm.plan(family, u);
  }
}

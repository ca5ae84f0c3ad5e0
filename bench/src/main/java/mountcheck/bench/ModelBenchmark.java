package mountcheck.bench;

import java.util.concurrent.TimeUnit;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ScenarioParser;
import mountcheck.model.workload.ScenarioShape;
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
 * The model running a whole generated scenario ({@link ScenarioShape}: stacked, wide, mixed) of
 * {@code commands} commands, parsed once; one operation is one run from the initial state, the
 * workload of {@code mountcheck bench model}. Doubling {@code commands} should double the time.
 *
 * <pre>
 * mvn -pl bench -am package -DskipTests
 * java -jar bench/target/benchmarks.jar ModelBenchmark -p commands=20000,40000 -f 1 -wi 3 -i 3
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xss8m"})
public class ModelBenchmark {
  @Param({"stacked", "wide", "mixed"})
  public String shape;

  @Param({"10000", "40000"})
  public int commands;

  private Scenario scenario;
  private ScenarioRunner runner;
  private MountTable initial;

  @Setup(Level.Trial)
  public void generate() {
    ScenarioShape s =
        ScenarioShape.byLabel(shape).orElseThrow(() -> new IllegalArgumentException(shape));
    scenario = ScenarioParser.parse(shape, s.text(commands, 20261130L));
    runner = new ScenarioRunner(Model.linux());
    initial = MountTable.initial(Integer.MAX_VALUE, 1);
  }

  /** The final state's mount count (returned so that the run is not optimised away). */
  @Benchmark
  public int run() {
    return runner.run(scenario, initial).state().mountCount();
  }
}

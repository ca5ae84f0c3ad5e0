package mountcheck.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import mountcheck.engine.Seconds;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;

/**
 * Runs a scenario through the model under the same kind of time limit as the kernel side, with a
 * progress line on stderr every few seconds of a long run.
 */
final class ModelRun {
  /** How often a long run reports its progress. */
  static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);

  /** The model did not finish within its time limit. */
  static final class TimeLimitExceeded extends RuntimeException {
    TimeLimitExceeded(String message) {
      super(message);
    }
  }

  private ModelRun() {}

  /**
   * Runs {@code scenario} from {@code initial}; throws {@link TimeLimitExceeded} once the run has
   * taken longer than {@code timeout} (checked after every line).
   */
  static ScenarioRunner.Run run(
      Model model,
      Scenario scenario,
      MountTable initial,
      Duration timeout,
      Duration progressEvery,
      String label,
      PrintWriter err) {
    long start = System.nanoTime();
    long[] nextReport = {start + progressEvery.toNanos()};
    return new ScenarioRunner(model)
        .run(
            scenario,
            initial,
            (done, total) -> {
              long now = System.nanoTime();
              if (now - start > timeout.toNanos()) {
                throw new TimeLimitExceeded(
                    String.format(
                        Locale.ROOT,
                        "%s: the model did not finish within the time limit of %s (%d of %d lines"
                            + " ran; raise it with --timeout)",
                        label,
                        Seconds.of(timeout),
                        done,
                        total));
              }
              if (now >= nextReport[0]) {
                err.printf(
                    Locale.ROOT,
                    "%s: model: %d of %d lines, %.0f s%n",
                    label,
                    done,
                    total,
                    (now - start) / 1e9);
                err.flush();
                nextReport[0] = now + progressEvery.toNanos();
              }
            });
  }
}

package mountcheck.cli.results;

import java.util.List;

/**
 * A command that produces {@link Result}s; {@code verify} collects them from the commands it runs.
 */
public interface ResultSource {
  /** The results of the last run, in order. */
  List<Result> results();
}

package mountcheck.properties.counterexample;

import java.nio.file.Path;
import mountcheck.model.ops.Scenario;

/** A counterexample read back from its file: header, scenario text and parsed scenario. */
public record StoredCounterexample(
    Path file, CounterexampleHeader header, String body, Scenario scenario) {}

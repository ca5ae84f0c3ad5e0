package mountcheck.model.ops;

/** One operation of a scenario with the 1-based line of the file it came from (0 if generated). */
public record Step(int line, Operation operation) {}

package mountcheck.engine;

/**
 * The check of a property: a verdict on one example. It may label the example through {@code
 * labels}. A check that throws fails the example with the exception as message.
 */
@FunctionalInterface
public interface Check<T> {
  Verdict check(T value, Labeller labels) throws Exception;
}

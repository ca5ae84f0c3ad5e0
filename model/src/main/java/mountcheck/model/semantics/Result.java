package mountcheck.model.semantics;

/** The outcome of applying an operation: a new state, or an errno with a reason. */
public sealed interface Result<T> {
  record Ok<T>(T value) implements Result<T> {}

  record Err<T>(Errno errno, String reason) implements Result<T> {}

  static <T> Result<T> ok(T value) {
    return new Ok<>(value);
  }

  static <T> Result<T> err(Errno errno, String reason) {
    return new Err<>(errno, reason);
  }

  default boolean isOk() {
    return this instanceof Ok;
  }
}

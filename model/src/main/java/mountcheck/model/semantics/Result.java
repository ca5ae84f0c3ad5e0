package mountcheck.model.semantics;

/** The outcome of applying an operation: a new state, or an errno with a reason and its site. */
public sealed interface Result<T> {
  record Ok<T>(T value) implements Result<T> {}

  /**
   * A failure: the errno, a readable reason, and the {@link ErrorSite} that failed (null only for
   * failures made by older callers of {@link Result#err(Errno, String)}).
   */
  record Err<T>(Errno errno, String reason, ErrorSite site) implements Result<T> {
    /** The same failure as a result of another type (passing it up unchanged). */
    public <U> Err<U> retyped() {
      return new Err<>(errno, reason, site);
    }
  }

  static <T> Result<T> ok(T value) {
    return new Ok<>(value);
  }

  /** A failure at {@code site}, with its errno. */
  static <T> Result<T> err(ErrorSite site, String reason) {
    return new Err<>(site.errno(), reason, site);
  }

  static <T> Result<T> err(Errno errno, String reason) {
    return new Err<>(errno, reason, null);
  }

  default boolean isOk() {
    return this instanceof Ok;
  }
}

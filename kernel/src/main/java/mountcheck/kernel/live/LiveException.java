package mountcheck.kernel.live;

/** A Linux call the live observers rely on failed. */
public final class LiveException extends RuntimeException {
  public LiveException(String message) {
    super(message);
  }
}

package mountcheck.kernel.live;

/** A Linux call the live observers rely on failed, or a live run passed its time limit. */
public final class LiveException extends RuntimeException {
  private final boolean timedOut;

  public LiveException(String message) {
    this(message, false);
  }

  private LiveException(String message, boolean timedOut) {
    super(message);
    this.timedOut = timedOut;
  }

  /** The scenario's shell did not answer within the run's time limit. */
  static LiveException timeLimit(String message) {
    return new LiveException(message, true);
  }

  /**
   * Whether the run stopped at its time limit: on a loaded machine a stall, which says nothing
   * about the scenario; the same run may be tried again.
   */
  public boolean timedOut() {
    return timedOut;
  }
}

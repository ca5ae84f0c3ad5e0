package mountcheck.kernel;

/** A scenario ran longer than its time limit; its whole process tree was killed. */
public final class KernelTimeoutException extends KernelException {
  private final String partialOutput;

  public KernelTimeoutException(String message, String partialOutput) {
    super(message);
    this.partialOutput = partialOutput;
  }

  /** What the runner's shell had written before it was killed, for debugging. */
  public String partialOutput() {
    return partialOutput;
  }
}

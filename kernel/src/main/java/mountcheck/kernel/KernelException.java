package mountcheck.kernel;

/** The live kernel could not give an answer for a scenario (see the subclasses). */
public class KernelException extends Exception {
  public KernelException(String message) {
    super(message);
  }

  public KernelException(String message, Throwable cause) {
    super(message, cause);
  }
}

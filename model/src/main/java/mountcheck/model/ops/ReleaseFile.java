package mountcheck.model.ops;

/** {@code exec N<&-}: the shell closes descriptor N (nothing happens if it is not open). */
public record ReleaseFile(int fd) implements Operation {
  /** The descriptors a scenario may use (0-2 are the shell's standard streams). */
  public static final int FIRST_FD = 3;

  public static final int LAST_FD = 9;

  public ReleaseFile {
    if (fd < FIRST_FD || fd > LAST_FD)
      throw new IllegalArgumentException("descriptor must be 3..9: " + fd);
  }

  @Override
  public String toCommand() {
    return "exec " + fd + "<&-";
  }
}

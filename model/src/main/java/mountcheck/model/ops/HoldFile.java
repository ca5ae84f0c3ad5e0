package mountcheck.model.ops;

/**
 * {@code exec N<PATH} (N from 3 to 9): the shell opens PATH (a file or a directory) read-only on
 * descriptor N, which holds a reference to the mount PATH resolves to until {@code exec N<&-}. An
 * open descriptor N is closed first.
 */
public record HoldFile(int fd, String path) implements Operation {
  public HoldFile {
    if (fd < ReleaseFile.FIRST_FD || fd > ReleaseFile.LAST_FD)
      throw new IllegalArgumentException("descriptor must be 3..9: " + fd);
  }

  @Override
  public String toCommand() {
    return "exec " + fd + "<" + path;
  }
}

package mountcheck.model.ops;

/**
 * {@code nsenter --mount=FILE COMMAND}: one command (mkdir, touch, rmdir, mount or umount) run in
 * the mount namespace that FILE holds. setns() moves the command's root and cwd to that namespace's
 * root, so nothing the shell holds follows it.
 */
public record Nsenter(String file, Operation command) implements Operation {
  public Nsenter {
    if (!allowed(command))
      throw new IllegalArgumentException(
          "nsenter runs mkdir, touch, rmdir, mount or umount: " + command);
  }

  /** The commands nsenter may run: those that act on mounts or directories, nothing that nests. */
  public static boolean allowed(Operation command) {
    return command instanceof MakeDirs
        || command instanceof MakeFiles
        || command instanceof RemoveDirs
        || command instanceof MountTmpfs
        || command instanceof Bind
        || command instanceof Move
        || command instanceof ChangeType
        || command instanceof Remount
        || command instanceof Umount;
  }

  @Override
  public String toCommand() {
    return "nsenter --mount=" + file + " " + command.toCommand();
  }
}

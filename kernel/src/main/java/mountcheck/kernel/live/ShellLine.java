package mountcheck.kernel.live;

import mountcheck.model.ops.ChangeDirectory;
import mountcheck.model.ops.HoldFile;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.ReleaseFile;
import mountcheck.model.ops.Unshare;
import mountcheck.model.ops.UnshareUser;

/**
 * What the line-by-line runner sends its shell for one scenario line, ending with a marker line
 * {@code MARKER STATUS PID} (the line's exit status and the pid of the shell that goes on):
 *
 * <ul>
 *   <li>{@code unshare -m|-Urm ...} starts a nested bash that reads the rest of the input, so the
 *       marker comes from the new shell (or, when unshare failed, from the same one);
 *   <li>{@code exec N<PATH}, {@code exec N<&-} and {@code cd PATH} change the shell itself: the
 *       command first runs in a subshell for its status (nothing changes between the two, the shell
 *       runs one line at a time), then, when it worked, in the shell;
 *   <li>every other line ({@code nsenter} too) runs as a child of the shell, except a {@code
 *       mountfd} line: a shell function, which runs in the shell itself (its redirections do not
 *       make a subshell) and keeps the shell's executor coprocess.
 * </ul>
 */
final class ShellLine {
  private ShellLine() {}

  static String of(Operation op, String marker) {
    String command = op.toCommand();
    String echo = "echo \"" + marker + " ";
    if (op instanceof Unshare || op instanceof UnshareUser) {
      return command + " /bin/bash --norc --noprofile\n" + echo + "$? $$\"";
    }
    if (changesTheShell(op)) {
      return "( "
          + command
          + " ) </dev/null >/dev/null 2>&1; __mco_rc=$?; if [ $__mco_rc = 0 ]; then "
          + command
          + "; fi; "
          + echo
          + "$__mco_rc $$\"";
    }
    return command + " </dev/null >/dev/null 2>&1; " + echo + "$? $$\"";
  }

  /** The lines that act on the shell process itself: its descriptors or working directory. */
  static boolean changesTheShell(Operation op) {
    return op instanceof HoldFile || op instanceof ReleaseFile || op instanceof ChangeDirectory;
  }
}

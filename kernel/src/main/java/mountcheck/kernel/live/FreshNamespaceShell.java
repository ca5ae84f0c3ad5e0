package mountcheck.kernel.live;

import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a bash in a fresh {@code unshare -Urm}, with a clean environment and a hard
 * time limit ({@code timeout -s KILL}): the live watcher's and the mountinfo bench's shell.
 */
public final class FreshNamespaceShell {
  private FreshNamespaceShell() {}

  private static final String PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

  /** Killed after {@code seconds}; pinned to {@code cpu} with taskset when it is 0 or more. */
  public static List<String> argv(long seconds, int cpu) {
    List<String> argv =
        new ArrayList<>(List.of("env", "-i", "PATH=" + PATH, "SHELL=/bin/bash", "LC_ALL=C"));
    if (cpu >= 0) argv.addAll(List.of("taskset", "-c", Integer.toString(cpu)));
    argv.addAll(
        List.of(
            "timeout",
            "-s",
            "KILL",
            Long.toString(seconds),
            "unshare",
            "-Urm",
            "/bin/bash",
            "--norc",
            "--noprofile"));
    return argv;
  }
}

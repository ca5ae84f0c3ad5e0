package mountcheck.process;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Process control for the kernel backends: runs a command tree with a time limit in a clean
 * environment and kills the whole tree (process group and every descendant) when the limit is
 * exceeded. The Alloy module's child JVMs are stopped the same way.
 */
public final class ProcessRun {
  /** The search path of the clean environment. */
  public static final String PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

  /** The shell of the clean environment (the kernel runner's scenario scripts run in it too). */
  public static final String BASH = "/bin/bash";

  private ProcessRun() {}

  /** What one process run produced. */
  public record Execution(String stdout, String stderr, int exitStatus, boolean timedOut) {}

  /**
   * Runs {@code command} in a clean environment with {@code input} on its standard input; kills the
   * whole process tree after {@code limit}.
   */
  public static Execution execute(List<String> command, String input, Duration limit)
      throws IOException {
    List<String> full =
        new ArrayList<>(List.of("env", "-i", "PATH=" + PATH, "SHELL=" + BASH, "LC_ALL=C"));
    full.addAll(command);
    Process process = new ProcessBuilder(full).start();
    Thread writer =
        new Thread(
            () -> {
              try (OutputStream in = process.getOutputStream()) {
                in.write(input.getBytes(StandardCharsets.UTF_8));
              } catch (IOException ignored) {
                // the shell exited before reading everything (killed, or failed to start)
              }
            },
            "mountcheck-kernel-stdin");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Thread outReader = drain(process.getInputStream(), out, "mountcheck-kernel-stdout");
    Thread errReader = drain(process.getErrorStream(), err, "mountcheck-kernel-stderr");
    writer.setDaemon(true);
    writer.start();
    boolean finished;
    try {
      finished = process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
      if (!finished) killTree(process);
      process.waitFor(5, TimeUnit.SECONDS);
      outReader.join(5000);
      errReader.join(5000);
    } catch (InterruptedException e) {
      killTree(process);
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while running the kernel scenario", e);
    }
    String stdout, stderr;
    synchronized (out) {
      stdout = out.toString(StandardCharsets.UTF_8);
    }
    synchronized (err) {
      stderr = err.toString(StandardCharsets.UTF_8);
    }
    return new Execution(stdout, stderr, finished ? process.exitValue() : -1, !finished);
  }

  /**
   * SIGKILL to the process group that {@code timeout} leads (the group's id is the pid of the
   * process we started, as env execs timeout and timeout makes itself a group leader), then to
   * every descendant left and the process itself, repeated until none is left.
   */
  public static void killTree(Process process) {
    Set<ProcessHandle> tree = new HashSet<>(process.descendants().toList());
    try {
      new ProcessBuilder("kill", "-s", "KILL", "--", "-" + process.pid())
          .redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .start()
          .waitFor(5, TimeUnit.SECONDS);
    } catch (IOException e) {
      // fall back on the descendant sweep below
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    for (int round = 0; round < 50; round++) {
      tree.addAll(process.descendants().toList());
      tree.forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      if (tree.stream().noneMatch(ProcessRun::running) && !running(process.toHandle())) return;
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /**
   * Alive and not a zombie. A killed process whose parent died too is re-parented to pid 1 and
   * stays a zombie until pid 1 reaps it; {@link ProcessHandle#isAlive} still counts it.
   */
  public static boolean running(ProcessHandle p) {
    if (!p.isAlive()) return false;
    try (InputStream in = Files.newInputStream(Path.of("/proc/" + p.pid() + "/stat"))) {
      String stat = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
      int close = stat.lastIndexOf(')');
      char state = close >= 0 && close + 2 < stat.length() ? stat.charAt(close + 2) : '?';
      return state != 'Z' && state != 'X';
    } catch (IOException e) {
      return false;
    }
  }

  private static Thread drain(InputStream in, ByteArrayOutputStream sink, String name) {
    Thread t =
        new Thread(
            () -> {
              byte[] buffer = new byte[8192];
              try (in) {
                int n;
                while ((n = in.read(buffer)) > 0) {
                  synchronized (sink) {
                    sink.write(buffer, 0, n);
                  }
                }
              } catch (IOException ignored) {
                // the stream closes when the process tree dies
              }
            },
            name);
    t.setDaemon(true);
    t.start();
    return t;
  }
}

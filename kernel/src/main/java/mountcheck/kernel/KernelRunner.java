package mountcheck.kernel;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Step;
import mountcheck.model.ops.Unshare;
import mountcheck.model.text.MountInfoFormat;
import mountcheck.model.text.MountInfoRow;

/**
 * Runs a scenario on the live kernel, inside a fresh {@code unshare -Urm} so that the host's mount
 * table is never touched.
 *
 * <p>The scenario becomes a bash script fed on standard input to {@code unshare -Urm /bin/bash}.
 * The script first makes the inherited root read-only ({@code mount -o remount,bind,ro /}, so a
 * {@code mkdir} outside the scenario's own tmpfs mounts fails with EROFS and nothing reaches the
 * host's disk), records the namespace's mountinfo, then runs each scenario line and reports its
 * exit status and messages between markers. An {@code unshare} line starts a nested bash that goes
 * on reading the same standard input, so the rest of the script runs in the new namespace while the
 * earlier shells wait, which keeps the earlier namespaces alive. The last shell prints the final
 * mountinfo.
 *
 * <p>Errno values are read from libmount's debug output ({@code LIBMOUNT_DEBUG=cxt} prints {@code
 * mount(2) failed [errno=N ...]}), from strerror texts (mkdir, unshare) and as a last resort from
 * util-linux's messages. The environment is cleared ({@code env -i} with PATH, {@code
 * SHELL=/bin/bash} and {@code LC_ALL=C}) so that the messages are the C locale's. The runner never
 * writes /proc/sys. The whole process tree is killed when the time limit is exceeded.
 */
public final class KernelRunner {
  /** The default time limit per scenario. */
  public static final Duration DEFAULT_TIME_LIMIT = Duration.ofSeconds(20);

  private static final String PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
  private static final String BASH = "/bin/bash";
  private static final String MARK = "@@mc ";
  private static final Pattern BEGIN = Pattern.compile("@@mc begin ([0-9]+)");
  private static final Pattern END = Pattern.compile("@@mc end ([0-9]+) ([0-9]+)");
  private static final Pattern LIBMOUNT_PREFIX =
      Pattern.compile("^[0-9]+: libmount: +[A-Z]+: (\\[0x[0-9a-f]+\\]: )?");

  /** Defined again in every new shell: prints a command's messages without libmount's noise. */
  private static final String SHOW_FUNCTION =
      "__mc_show() { local IFS=$'\\n' __mc_l; set -f; for __mc_l in $1; do case $__mc_l in"
          + " *'failed [errno='*) printf '%s\\n' \"$__mc_l\" ;; *libmount:*) ;;"
          + " *) printf '%s\\n' \"$__mc_l\" ;; esac; done; set +f; }\n";

  private final Duration timeLimit;
  private String unavailableReason; // null until probed; "" when available

  public KernelRunner() {
    this(DEFAULT_TIME_LIMIT);
  }

  public KernelRunner(Duration timeLimit) {
    if (timeLimit.isNegative() || timeLimit.isZero())
      throw new IllegalArgumentException("time limit must be positive: " + timeLimit);
    this.timeLimit = timeLimit;
  }

  public Duration timeLimit() {
    return timeLimit;
  }

  /**
   * Null when {@code unshare -Urm true} works here, else why not (its exit status and stderr).
   * Probed once per runner.
   */
  public synchronized String unavailableReason() {
    if (unavailableReason == null) unavailableReason = probe();
    return unavailableReason.isEmpty() ? null : unavailableReason;
  }

  /** Whether scenarios can run here (see {@link #unavailableReason()}). */
  public boolean available() {
    return unavailableReason() == null;
  }

  /** Runs the scenario in a fresh {@code unshare -Urm} namespace. */
  public KernelResult run(Scenario scenario) throws KernelException {
    String reason = unavailableReason();
    if (reason != null) throw new KernelUnavailableException(reason);
    Execution run = execute(script(scenario));
    if (run.timedOut)
      throw new KernelTimeoutException(
          "scenario "
              + scenario.name()
              + " exceeded its time limit of "
              + seconds(timeLimit)
              + " s; its processes were killed",
          run.stdout + run.stderr);
    return parse(scenario, run);
  }

  /** The bash script that runs {@code scenario} (see the class comment). */
  static String script(Scenario scenario) {
    StringBuilder s = new StringBuilder();
    s.append("exec 3>&2\n");
    s.append(SHOW_FUNCTION);
    s.append(
        "mount -o remount,bind,ro / || { echo '" + MARK + "prep-failed remount'; exit 97; }\n");
    s.append("cd / || { echo '" + MARK + "prep-failed cd'; exit 97; }\n");
    s.append(
        "echo '"
            + MARK
            + "before-begin'; cat /proc/self/mountinfo; echo '"
            + MARK
            + "before-end'\n");
    // Markers number the steps from 0, as generated scenarios may repeat line numbers.
    for (int index = 0; index < scenario.steps().size(); index++) {
      Operation op = scenario.steps().get(index).operation();
      if (op instanceof Unshare) {
        s.append("echo '" + MARK + "begin " + index + "'; export __MC_SHELL=$$\n");
        s.append(op.toCommand()).append(' ').append(BASH).append(" --norc --noprofile 2>&1\n");
        s.append(
            "__mc_rc=$?; exec 2>&3; if [ \"$$\" != \"$__MC_SHELL\" ]; then __mc_rc=0; fi; echo '"
                + MARK
                + "end "
                + index
                + " '$__mc_rc\n");
        s.append(SHOW_FUNCTION);
      } else {
        String command = op.toCommand();
        String debug = command.startsWith("mkdir") ? "" : "LIBMOUNT_DEBUG=cxt ";
        s.append(
            "echo '"
                + MARK
                + "begin "
                + index
                + "'; __mc_out=$("
                + debug
                + command
                + " </dev/null 2>&1); __mc_rc=$?; __mc_show \"$__mc_out\"; echo '"
                + MARK
                + "end "
                + index
                + " '$__mc_rc\n");
      }
    }
    s.append(
        "echo '" + MARK + "final-begin'; cat /proc/self/mountinfo; echo '" + MARK + "final-end'\n");
    return s.toString();
  }

  private KernelResult parse(Scenario scenario, Execution run) throws KernelException {
    List<String> lines = List.of(run.stdout.split("\n", -1));
    for (String l : lines)
      if (l.startsWith(MARK + "prep-failed"))
        throw new KernelUnavailableException(
            "could not prepare the namespace ("
                + l.substring(MARK.length())
                + "): "
                + run.stdout
                + run.stderr);
    List<String> before = between(lines, "before");
    List<String> after = between(lines, "final");
    if (before == null || after == null)
      throw new KernelException(
          "the runner's shell stopped early (exit status "
              + run.exitStatus
              + ")\nstdout:\n"
              + run.stdout
              + "stderr:\n"
              + run.stderr);
    Set<String> devicesBefore = new HashSet<>();
    for (MountInfoRow row : rows(before)) devicesBefore.add(row.major() + ":" + row.minor());
    List<MountInfoRow> rows = new ArrayList<>();
    for (MountInfoRow row : rows(after)) {
      boolean underMnt = row.mountPoint().equals("/mnt") || row.mountPoint().startsWith("/mnt/");
      if (underMnt && !devicesBefore.contains(row.major() + ":" + row.minor())) rows.add(row);
    }

    Map<Integer, String> messages = new HashMap<>();
    Map<Integer, Integer> status = new HashMap<>();
    Integer current = null;
    StringBuilder message = new StringBuilder();
    for (String l : lines) {
      Matcher begin = BEGIN.matcher(l);
      Matcher end = END.matcher(l);
      if (begin.matches()) {
        current = Integer.parseInt(begin.group(1));
        message.setLength(0);
      } else if (end.matches()) {
        int line = Integer.parseInt(end.group(1));
        status.put(line, Integer.parseInt(end.group(2)));
        messages.put(line, message.toString().strip());
        current = null;
      } else if (current != null) {
        message.append(LIBMOUNT_PREFIX.matcher(l).replaceFirst("libmount: ")).append('\n');
      }
    }
    List<LineOutcome> outcomes = new ArrayList<>();
    for (int index = 0; index < scenario.steps().size(); index++) {
      Step step = scenario.steps().get(index);
      int line = step.line();
      String command = step.operation().toCommand();
      Integer rc = status.get(index);
      if (rc == null)
        throw new KernelException(
            "no outcome reported for line "
                + line
                + "\nstdout:\n"
                + run.stdout
                + "stderr:\n"
                + run.stderr);
      String text = messages.get(index);
      if (rc == 0 || ErrnoTable.isUserspaceTableFailureOnly(command, rc, text)) {
        outcomes.add(LineOutcome.ok(line, command, text));
      } else {
        int number = ErrnoTable.fromOutput(text);
        String name = number == 0 ? "UNKNOWN" : ErrnoTable.name(number);
        outcomes.add(new LineOutcome(line, command, name, number, text));
      }
    }
    List<String> pointsBefore = new ArrayList<>();
    for (MountInfoRow row : rows(before)) {
      String mp = row.mountPoint();
      if (mp.equals("/mnt") || mp.startsWith("/mnt/")) pointsBefore.add(mp);
    }
    List<MountInfoRow> beforeRows = rows(before);
    return new KernelResult(
        outcomes, rows, beforeRows.size() + hiddenAncestors(beforeRows), pointsBefore, run.stderr);
  }

  /**
   * Mounts of the namespace that /proc/self/mountinfo does not show: show_mountinfo() skips mounts
   * not reachable from the process root, such as the rootfs below a chroot or pivot_root. Each
   * listed parent id that has no row of its own is one of them (at least one; fs.mount-max counts
   * them all, so an exact-limit scenario needs them).
   */
  static int hiddenAncestors(List<MountInfoRow> rows) {
    Set<Integer> ids = new HashSet<>();
    for (MountInfoRow row : rows) ids.add(row.mountId());
    Set<Integer> hidden = new HashSet<>();
    for (MountInfoRow row : rows)
      if (row.parentId() != row.mountId() && !ids.contains(row.parentId())) hidden.add(row.parentId());
    return hidden.size();
  }

  /** The lines between {@code @@mc NAME-begin} and {@code @@mc NAME-end}, or null. */
  private static List<String> between(List<String> lines, String name) {
    int from = lines.indexOf(MARK + name + "-begin");
    int to = lines.indexOf(MARK + name + "-end");
    if (from < 0 || to < from) return null;
    return lines.subList(from + 1, to);
  }

  private static List<MountInfoRow> rows(List<String> lines) {
    List<MountInfoRow> rows = new ArrayList<>();
    for (String l : lines) if (!l.isEmpty()) rows.add(MountInfoFormat.parseLine(l));
    return rows;
  }

  private String probe() {
    try {
      Execution run = execute(List.of("unshare", "-Urm", "true"), "", Duration.ofSeconds(10));
      if (run.timedOut) return "'unshare -Urm true' did not finish within 10 s";
      if (run.exitStatus != 0)
        return "'unshare -Urm true' is not permitted here (exit status "
            + run.exitStatus
            + "): "
            + run.stderr.strip();
      return "";
    } catch (IOException e) {
      return "cannot run 'unshare -Urm true': " + e.getMessage();
    }
  }

  private Execution execute(String script) throws KernelException {
    long limitSeconds = Math.max(1, (timeLimit.toMillis() + 999) / 1000);
    List<String> command =
        List.of(
            "timeout",
            "-s",
            "KILL",
            Long.toString(limitSeconds + 5),
            "unshare",
            "-Urm",
            BASH,
            "--norc",
            "--noprofile");
    try {
      return execute(command, script, timeLimit);
    } catch (IOException e) {
      throw new KernelUnavailableException("cannot start the runner: " + e.getMessage());
    }
  }

  /** What one process run produced. */
  record Execution(String stdout, String stderr, int exitStatus, boolean timedOut) {}

  /**
   * Runs {@code command} in a clean environment with {@code input} on its standard input; kills the
   * whole process tree after {@code limit}.
   */
  static Execution execute(List<String> command, String input, Duration limit) throws IOException {
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
  static void killTree(Process process) {
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
      if (tree.stream().noneMatch(KernelRunner::running) && !running(process.toHandle())) return;
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
  static boolean running(ProcessHandle p) {
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

  private static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0
        ? Long.toString(d.toSeconds())
        : String.valueOf(d.toMillis() / 1000.0);
  }
}

package mountcheck.kernel.live;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import mountcheck.model.events.MountEvent;
import mountcheck.model.ops.ChangeDirectory;
import mountcheck.model.ops.HoldFile;
import mountcheck.model.ops.Nsenter;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.PersistNamespace;
import mountcheck.model.ops.ReleaseFile;
import mountcheck.model.ops.RemoveDirs;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Unshare;

/**
 * Runs a scenario on the live kernel line by line and watches its namespaces. The scenario's shell
 * is a fresh {@code unshare -Urm bash}, driven one line at a time on its standard input; this JVM
 * (which must hold CAP_SYS_ADMIN over the shell's user namespace: root on the host) marks each of
 * the scenario's mount namespaces with its own fanotify group as soon as it exists, reads the
 * events after every line, and reads every namespace with listmount(2) and statmount(2). Nothing
 * here changes a mount: the host's mounts are only read, and the scenario's changes happen in
 * namespaces the shell created. At the end the shells exit one by one, innermost first, and the
 * teardown of each namespace is observed. The whole process tree is killed at the time limit.
 */
public final class LiveEventRunner {
  private static final String PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
  private static final String MARK = "@@mco ";

  private final Duration timeLimit;

  public LiveEventRunner(Duration timeLimit) {
    this.timeLimit = timeLimit;
  }

  /** Null when scenarios can be watched here, else why not. */
  public static String unavailableReason() {
    String calls = LinuxCalls.unavailableReason();
    if (calls != null) return calls;
    return null;
  }

  /**
   * Whether the watcher can follow the scenario: it watches the chain of shells' namespaces and
   * runs each line in a child of the shell, so namespaces kept on files, nsenter and the shell's
   * own references ({@code exec}, {@code cd}) are beyond it, and so is {@code rmdir}, which may
   * detach mounts of any namespace (their tables and failing lines are still compared with the
   * kernel by {@code run}, {@code kernel} and {@code diff}).
   */
  public static boolean supports(Scenario scenario) {
    for (Operation op : scenario.operations()) {
      if (op instanceof PersistNamespace
          || op instanceof Nsenter
          || op instanceof HoldFile
          || op instanceof ReleaseFile
          || op instanceof ChangeDirectory
          || op instanceof RemoveDirs) return false;
    }
    return true;
  }

  public LiveRun run(Scenario scenario) throws IOException {
    String reason = unavailableReason();
    if (reason != null) throw new LiveException(reason);
    if (!supports(scenario))
      throw new LiveException(
          "the line-by-line watcher does not follow namespaces kept on files, nsenter, exec or cd");
    long deadline = System.nanoTime() + timeLimit.toNanos();
    long seconds = Math.max(1, timeLimit.toSeconds()) + 5;
    Process process =
        new ProcessBuilder(
                "env",
                "-i",
                "PATH=" + PATH,
                "SHELL=/bin/bash",
                "LC_ALL=C",
                "timeout",
                "-s",
                "KILL",
                Long.toString(seconds),
                "unshare",
                "-Urm",
                "/bin/bash",
                "--norc",
                "--noprofile")
            .redirectErrorStream(true)
            .start();
    BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    Thread reader = new Thread(() -> pump(process, lines), "mountcheck-live-stdout");
    reader.setDaemon(true);
    reader.start();
    OutputStream in = process.getOutputStream();
    List<NamespaceWatch> shells = new ArrayList<>(); // the shells' namespaces, outermost first
    Map<Long, Integer> indexOfNamespace = new LinkedHashMap<>();
    Map<Integer, Integer> mountinfo = new LinkedHashMap<>(); // namespace index -> open mountinfo
    try {
      send(in, "mount -o remount,bind,ro / && cd / ; echo \"" + MARK + "ready $? $$\"");
      String[] ready = await(lines, "ready", deadline);
      if (!ready[0].equals("0"))
        throw new LiveException("could not make / read-only in the scenario's namespace");
      long pid = Long.parseLong(ready[1]);
      NamespaceWatch first = NamespaceWatch.ofProcess(1, pid);
      shells.add(first);
      indexOfNamespace.put(first.id, 1);
      mountinfo.put(1, LinuxCalls.open("/proc/" + pid + "/mountinfo"));
      Map<Integer, Map<Long, StatMount>> initial = tables(shells);
      List<String> initialMountinfo = mountinfo(pid);

      List<LiveStep> steps = new ArrayList<>();
      for (int i = 0; i < scenario.steps().size(); i++) {
        Operation op = scenario.steps().get(i).operation();
        String command = op.toCommand();
        if (op instanceof Unshare) {
          send(in, command + " /bin/bash --norc --noprofile");
          send(in, "echo \"" + MARK + "end " + i + " $? $$\"");
        } else {
          send(
              in,
              command + " </dev/null >/dev/null 2>&1; echo \"" + MARK + "end " + i + " $? $$\"");
        }
        String[] end = await(lines, "end " + i, deadline);
        int status = Integer.parseInt(end[0]);
        long shellPid = Long.parseLong(end[1]);
        List<LiveEvent> events = drain(shells);
        Map<Integer, Boolean> polls = poll(mountinfo);
        if (op instanceof Unshare && shellPid != pid) {
          long nsId = NamespaceWatch.namespaceIdOf(shellPid);
          if (!indexOfNamespace.containsKey(nsId)) {
            int index = shells.size() + 1;
            NamespaceWatch w = NamespaceWatch.ofProcess(index, shellPid);
            shells.add(w);
            indexOfNamespace.put(w.id, index);
            mountinfo.put(index, LinuxCalls.open("/proc/" + shellPid + "/mountinfo"));
          }
          pid = shellPid;
        }
        steps.add(new LiveStep(i, command, status, events, tables(shells), polls, mountinfo(pid)));
      }

      // an open mountinfo holds its namespace: close them all before the shells exit
      for (int fd : mountinfo.values()) LinuxCalls.closeFd(fd);
      mountinfo.clear();
      List<LiveStep> teardowns = new ArrayList<>();
      for (int k = shells.size(); k >= 1; k--) {
        NamespaceWatch gone = shells.get(k - 1);
        send(in, "exit");
        if (k > 1) {
          send(in, "echo \"" + MARK + "up " + k + " 0 $$\"");
          await(lines, "up " + k, deadline);
        } else {
          in.close();
          long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
          if (!process.waitFor(left, TimeUnit.MILLISECONDS))
            throw new LiveException("the first shell did not exit");
        }
        List<LiveEvent> events = drain(shells);
        shells.remove(k - 1);
        gone.close();
        teardowns.add(
            new LiveStep(
                -(teardowns.size() + 1), "ns" + k, 0, events, tables(shells), Map.of(), List.of()));
      }
      return new LiveRun(initial, initialMountinfo, steps, teardowns);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    } finally {
      for (NamespaceWatch w : shells) w.close();
      for (int fd : mountinfo.values()) LinuxCalls.closeFd(fd);
      if (process.isAlive()) killTree(process);
    }
  }

  /** Reads every marked namespace: index -> mount id -> statmount(). */
  private static Map<Integer, Map<Long, StatMount>> tables(List<NamespaceWatch> shells) {
    Map<Integer, Map<Long, StatMount>> out = new LinkedHashMap<>();
    for (NamespaceWatch w : shells) {
      Map<Long, StatMount> table = new LinkedHashMap<>();
      for (long id : LinuxCalls.listMounts(w.id)) {
        StatMount m = LinuxCalls.statMount(id, w.id);
        if (m != null) table.put(id, m);
      }
      // listmount(LSMT_ROOT) leaves out mounts that are not reachable from the root it starts at
      // (here: the mount under the namespace's visible root); statmount() of parents finds them
      for (StatMount m : List.copyOf(table.values())) {
        long parent = m.parent();
        while (parent != 0 && !table.containsKey(parent)) {
          StatMount p = LinuxCalls.statMount(parent, w.id);
          if (p == null) break;
          table.put(parent, p);
          parent = p.parent() == p.id() ? 0 : p.parent();
        }
      }
      out.put(w.index, table);
    }
    return out;
  }

  /** /proc/PID/mountinfo of a shell: what {@code cat /proc/self/mountinfo} prints there. */
  private static List<String> mountinfo(long pid) throws IOException {
    String text =
        new String(
            Files.readAllBytes(Path.of("/proc/" + pid + "/mountinfo")),
            StandardCharsets.ISO_8859_1);
    List<String> out = new ArrayList<>();
    for (String l : text.split("\n")) if (!l.isEmpty()) out.add(l);
    return out;
  }

  /** poll() with no wait on each open mountinfo: did it report a change? */
  private static Map<Integer, Boolean> poll(Map<Integer, Integer> mountinfo) {
    Map<Integer, Boolean> out = new LinkedHashMap<>();
    mountinfo.forEach(
        (ns, fd) ->
            out.put(ns, (LinuxCalls.poll(fd, 0) & (LinuxCalls.POLLPRI | LinuxCalls.POLLERR)) != 0));
    return out;
  }

  private static List<LiveEvent> drain(List<NamespaceWatch> shells) {
    List<LiveEvent> out = new ArrayList<>();
    for (NamespaceWatch w : shells) {
      for (long[] e : w.drain()) {
        if ((e[0] & LinuxCalls.FAN_Q_OVERFLOW) != 0)
          throw new LiveException("the fanotify event queue of ns" + w.index + " overflowed");
        out.add(new LiveEvent(MountEvent.Kind.ofFanotifyMask(e[0]), w.index, e[1]));
      }
    }
    return out;
  }

  private static void send(OutputStream in, String line) throws IOException {
    in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    in.flush();
  }

  /** Waits for {@code @@mco WHAT A B}; returns {A, B}. Other lines are the commands' noise. */
  private static String[] await(BlockingQueue<String> lines, String what, long deadline)
      throws InterruptedException {
    String prefix = MARK + what + " ";
    StringBuilder seen = new StringBuilder();
    while (true) {
      long left = deadline - System.nanoTime();
      if (left <= 0)
        throw new LiveException("time limit exceeded waiting for '" + what + "'; output: " + seen);
      String l = lines.poll(left, TimeUnit.NANOSECONDS);
      if (l == null) continue;
      if (l.equals("\u0000eof"))
        throw new LiveException("the shell ended before '" + what + "'; output: " + seen);
      if (l.startsWith(prefix)) return l.substring(prefix.length()).split(" ");
      seen.append(l).append('\n');
    }
  }

  private static void pump(Process process, BlockingQueue<String> lines) {
    try (BufferedReader r =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String l;
      while ((l = r.readLine()) != null) lines.add(l);
    } catch (IOException ignored) {
      // the process tree died
    }
    lines.add("\u0000eof");
  }

  private static void killTree(Process process) {
    for (ProcessHandle h : process.descendants().toList()) h.destroyForcibly();
    process.destroyForcibly();
  }
}

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
import mountcheck.kernel.Executor;
import mountcheck.kernel.KernelRunner;
import mountcheck.model.events.MountEvent;
import mountcheck.model.ops.FsMount;
import mountcheck.model.ops.OpenTree;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.PersistNamespace;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Unshare;
import mountcheck.model.ops.UnshareUser;

/**
 * Runs a scenario on the live kernel line by line and watches its namespaces. The scenario's shell
 * is a fresh {@code unshare -Urm bash}, driven one line at a time on its standard input; this JVM
 * (which must hold CAP_SYS_ADMIN over the shell's user namespace: root on the host) marks each of
 * the scenario's mount namespaces with its own fanotify group as soon as it exists (the shells'
 * namespaces through {@code /proc/PID/ns/mnt}, a namespace kept on a file through that file in the
 * shell's namespace, {@code /proc/PID/root/FILE}), reads the events after every line, and reads
 * every namespace with listmount(2) and statmount(2) until it is gone. Lines that change the shell
 * itself ({@code exec}, {@code cd}) run in it, others as its children ({@link ShellLine}); {@code
 * mountfd} lines call the shell function that sends them to the shell's resident executor, which
 * holds the named descriptors ({@link Executor#mountfdDefinition()}). Nothing here changes a mount:
 * the host's mounts are only read, and the scenario's changes happen in namespaces the shell
 * created. At the end the shells exit one by one, innermost first, and the teardown of each
 * namespace is observed, with the namespaces that only that shell kept alive. The whole process
 * tree is killed at the time limit.
 */
public final class LiveEventRunner {
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

  public LiveRun run(Scenario scenario) throws IOException {
    String reason = unavailableReason();
    if (reason != null) throw new LiveException(reason);
    long deadline = System.nanoTime() + timeLimit.toNanos();
    long seconds = Math.max(1, timeLimit.toSeconds()) + 5;
    // namespace files bind only into older namespaces, and 6.18's namespace ids follow creation
    // order only on one CPU (KernelRunner#pinnedCpu)
    List<String> argv = FreshNamespaceShell.argv(seconds, KernelRunner.pinnedCpu(scenario));
    Process process = new ProcessBuilder(argv).redirectErrorStream(true).start();
    BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    Thread reader = new Thread(() -> pump(process, lines), "mountcheck-live-stdout");
    reader.setDaemon(true);
    reader.start();
    OutputStream in = process.getOutputStream();
    Watches watches = new Watches();
    List<NamespaceWatch> shells = new ArrayList<>(); // the shells' namespaces, outermost first
    Map<Integer, Integer> mountinfo = new LinkedHashMap<>(); // namespace index -> open mountinfo
    try {
      // mountfd lines run in the shell, through the function the resident executor defines
      send(in, Executor.mountfdDefinition().strip());
      send(in, "mount -o remount,bind,ro / && cd / ; echo \"" + MARK + "ready $? $$\"");
      String[] ready = await(lines, "ready", deadline);
      if (!ready[0].equals("0"))
        throw new LiveException("could not make / read-only in the scenario's namespace");
      long pid = Long.parseLong(ready[1]);
      NamespaceWatch first = watches.markProcess(pid);
      shells.add(first);
      mountinfo.put(first.index, LinuxCalls.open("/proc/" + pid + "/mountinfo"));
      Map<Integer, Map<Long, StatMount>> initial = watches.tables(new ArrayList<>());
      List<String> initialMountinfo = mountinfo(pid);

      List<LiveStep> steps = new ArrayList<>();
      for (int i = 0; i < scenario.steps().size(); i++) {
        Operation op = scenario.steps().get(i).operation();
        String command = op.toCommand();
        send(in, ShellLine.of(op, MARK + "end " + i));
        String[] end = await(lines, "end " + i, deadline);
        int status = Integer.parseInt(end[0]);
        long shellPid = Long.parseLong(end[1]);
        List<LiveEvent> events = watches.drain();
        Map<Integer, Boolean> polls = poll(mountinfo);
        if (op instanceof Unshare && shellPid != pid) {
          NamespaceWatch w = watches.markProcess(shellPid);
          shells.add(w);
          mountinfo.put(w.index, LinuxCalls.open("/proc/" + shellPid + "/mountinfo"));
          pid = shellPid;
        }
        // unshare -Ur: a new shell in the same mount namespace, already watched
        if (op instanceof UnshareUser && status == 0) pid = shellPid;
        if (makesDetachedTree(op) && status == 0) watches.skipAnonymous();
        if (op instanceof PersistNamespace p && status == 0) {
          // the new namespace lives on through its file: mark it through the shell's root
          watches.markFile("/proc/" + pid + "/root" + p.file());
        }
        Map<Integer, Map<Long, StatMount>> tables = watches.tables(events);
        steps.add(new LiveStep(i, command, status, events, tables, polls, mountinfo(pid)));
      }

      // an open mountinfo holds its namespace: close them all before the shells exit
      for (int fd : mountinfo.values()) LinuxCalls.closeFd(fd);
      mountinfo.clear();
      List<LiveStep> teardowns = new ArrayList<>();
      for (int k = shells.size(); k >= 1; k--) {
        // the shell's descriptors close with it, before its namespace goes (exit_files())
        send(in, Executor.CLOSE_MOUNTFD + "; exit");
        if (k > 1) {
          send(in, "echo \"" + MARK + "up " + k + " 0 $$\"");
          await(lines, "up " + k, deadline);
        } else {
          in.close();
          long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
          if (!process.waitFor(left, TimeUnit.MILLISECONDS))
            throw LiveException.timeLimit("the first shell did not exit");
        }
        List<LiveEvent> events = watches.drain();
        Map<Integer, Map<Long, StatMount>> tables = watches.tables(events);
        teardowns.add(
            new LiveStep(
                -(teardowns.size() + 1),
                "ns" + shells.get(k - 1).index,
                0,
                events,
                tables,
                Map.of(),
                List.of()));
      }
      return new LiveRun(initial, initialMountinfo, steps, teardowns, watches.namespaceFileRoots());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    } finally {
      watches.close();
      for (int fd : mountinfo.values()) LinuxCalls.closeFd(fd);
      if (process.isAlive()) killTree(process);
    }
  }

  /**
   * Whether {@code op} makes a detached tree, in an anonymous mount namespace of its own
   * (alloc_mnt_ns(.., true)): open_tree(OPEN_TREE_CLONE) and fsmount().
   */
  static boolean makesDetachedTree(Operation op) {
    return op instanceof OpenTree o && o.copy() || op instanceof FsMount;
  }

  /**
   * The marked namespaces, numbered in the order they appear, which is the order the scenario makes
   * them in (each line makes at most one: an unshare of the shell, or a namespace kept on a file),
   * and so the model's numbering. A detached tree's anonymous namespace takes a number too, as in
   * the model, but is never marked: no namespace file names it (no task is in it, and
   * ns_common_init_inum() gives every anonymous namespace the one inode MNT_NS_ANON_INO), so
   * nothing in it is reported; its mounts are reported as attached when move_mount() attaches them
   * to a marked namespace (docs/semantics.md §2.13 rule 7). The runner drops a namespace when
   * listmount() no longer finds it.
   */
  private static final class Watches implements AutoCloseable {
    private final List<NamespaceWatch> live = new ArrayList<>();
    private final Map<Long, Integer> indexOfId = new LinkedHashMap<>();
    private final Map<String, List<Integer>> roots = new LinkedHashMap<>();
    private int anonymous;

    NamespaceWatch markProcess(long pid) {
      return add(NamespaceWatch.ofFile(nextIndex(), "/proc/" + pid + "/ns/mnt"));
    }

    void markFile(String path) {
      add(NamespaceWatch.ofFile(nextIndex(), path));
    }

    /** A detached tree's namespace: numbered, not watched. */
    void skipAnonymous() {
      anonymous++;
    }

    private int nextIndex() {
      return indexOfId.size() + anonymous + 1;
    }

    private NamespaceWatch add(NamespaceWatch w) {
      if (indexOfId.containsKey(w.id)) {
        w.close();
        throw new LiveException("namespace " + w.id + " was already marked");
      }
      indexOfId.put(w.id, w.index);
      roots.computeIfAbsent(w.fileRoot(), r -> new ArrayList<>()).add(w.index);
      live.add(w);
      return w;
    }

    /**
     * The root a namespace file of each marked namespace shows (mnt:[INODE]) to the indexes of the
     * namespaces that had that inode, in order (a torn-down namespace's inode number is reused).
     */
    Map<String, List<Integer>> namespaceFileRoots() {
      return roots;
    }

    List<LiveEvent> drain() {
      return LiveEventRunner.drain(live);
    }

    /**
     * Reads every live marked namespace; a namespace that is gone is dropped, after its last events
     * are added to {@code events}.
     */
    Map<Integer, Map<Long, StatMount>> tables(List<LiveEvent> events) {
      Map<Integer, Map<Long, StatMount>> out = new LinkedHashMap<>();
      for (NamespaceWatch w : List.copyOf(live)) {
        Map<Long, StatMount> table = LiveEventRunner.table(w);
        if (table != null) {
          out.put(w.index, table);
        } else {
          events.addAll(LiveEventRunner.drain(List.of(w)));
          live.remove(w);
          w.close();
        }
      }
      return out;
    }

    @Override
    public void close() {
      for (NamespaceWatch w : live) w.close();
      live.clear();
    }
  }

  /** One namespace: mount id -> statmount(), or null when the namespace is gone. */
  private static Map<Long, StatMount> table(NamespaceWatch w) {
    List<Long> ids = LinuxCalls.listMountsIfAlive(w.id);
    if (ids == null) return null;
    Map<Long, StatMount> table = new LinkedHashMap<>();
    for (long id : ids) {
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
    return table;
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
        throw LiveException.timeLimit(
            "time limit exceeded waiting for '" + what + "'; output: " + seen);
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

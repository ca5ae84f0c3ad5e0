package mountcheck.experiments.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import mountcheck.kernel.live.FreshNamespaceShell;
import mountcheck.kernel.live.LinuxCalls;
import mountcheck.kernel.live.LiveEventRunner;
import mountcheck.kernel.live.LiveException;
import mountcheck.kernel.live.NamespaceWatch;

/**
 * Costs of reading a large mount table on the live kernel, in a throw-away {@code unshare -Urm}
 * namespace filled with tmpfs mounts under /mnt (the host's table is only read):
 *
 * <ul>
 *   <li>the 2017 experiment (Neil Brown): {@code readers} threads each read the whole
 *       /proc/PID/mountinfo {@code rounds} times, against the same bytes in a regular file;
 *   <li>a full read of the table three ways: mountinfo; listmount(2) and statmount(2) of every
 *       mount; and what a change-stream reader pays for one change (one fanotify event read and one
 *       statmount of the mount it names).
 * </ul>
 */
public final class MountinfoBench implements AutoCloseable {
  /** One mount-count's costs (milliseconds, medians). */
  public record FullRead(
      int mounts, long bytes, double mountinfoMs, double listStatMs, double changeStreamMs) {}

  /** The parallel-readers experiment: wall seconds for all readers, mountinfo and plain file. */
  public record ParallelReaders(
      int mounts,
      int readers,
      int rounds,
      long bytes,
      double mountinfoSeconds,
      double fileSeconds) {}

  private final Process shell;
  private final OutputStream in;
  private final BufferedReader out;
  private final long pid;
  private final NamespaceWatch watch;

  private MountinfoBench(Process shell) throws IOException {
    this.shell = shell;
    this.in = shell.getOutputStream();
    this.out =
        new BufferedReader(new InputStreamReader(shell.getInputStream(), StandardCharsets.UTF_8));
    send(
        "mount -o remount,bind,ro / && cd / && mount -t tmpfs bench /mnt"
            + " && echo \"@@ready $?\" $$");
    String l = await("@@ready");
    String[] f = l.split(" ");
    if (!f[1].equals("0")) throw new LiveException("could not prepare the bench namespace: " + l);
    pid = Long.parseLong(f[2]);
    watch = NamespaceWatch.ofFile(1, "/proc/" + pid + "/ns/mnt");
  }

  /** A fresh namespace with a tmpfs on /mnt. The shell is killed after {@code seconds}. */
  public static MountinfoBench start(long seconds) throws IOException {
    String reason = LiveEventRunner.unavailableReason();
    if (reason != null) throw new LiveException(reason);
    Process p =
        new ProcessBuilder(FreshNamespaceShell.argv(seconds, -1)).redirectErrorStream(true).start();
    return new MountinfoBench(p);
  }

  private void send(String line) throws IOException {
    in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    in.flush();
  }

  private String await(String prefix) throws IOException {
    String l;
    while ((l = out.readLine()) != null) if (l.startsWith(prefix)) return l;
    throw new LiveException("the bench shell ended before " + prefix);
  }

  /** Adds {@code count} tmpfs mounts, each its own filesystem, under /mnt (one mount(8) each). */
  public void addTmpfsMounts(int count) throws IOException {
    int from = tmpfs + 1;
    int to = tmpfs + count;
    send(
        "for i in $(seq "
            + from
            + " "
            + to
            + "); do mkdir /mnt/m$i && mount -t tmpfs t$i /mnt/m$i || break; done; echo \"@@grown"
            + " $?\"");
    String l = await("@@grown");
    if (!l.equals("@@grown 0"))
      throw new LiveException("could not mount tmpfs " + from + "-" + to + ": " + l);
    tmpfs = to;
    watch.drain();
  }

  /**
   * Grows the namespace to at least {@code total} mounts quickly: a shared tmpfs with {@value
   * #PEERS} peers under /mnt, then tmpfs mounts inside it, each propagated to every peer (one
   * mount(8) adds {@value #PEERS} mounts).
   */
  public void growTo(int total) throws IOException {
    int now = mounts();
    if (now >= total) return;
    if (!peers) {
      StringBuilder b =
          new StringBuilder(
              "mkdir /mnt/p1 && mount -t tmpfs peers /mnt/p1 && mount --make-shared /mnt/p1");
      for (int j = 2; j <= PEERS; j++)
        b.append(" && mkdir /mnt/p").append(j).append(" && mount --bind /mnt/p1 /mnt/p").append(j);
      send(b + "; echo \"@@peers $?\"");
      String l = await("@@peers");
      if (!l.equals("@@peers 0")) throw new LiveException("could not make the peers: " + l);
      peers = true;
      now = mounts();
    }
    int execs = (total - now + PEERS - 1) / PEERS;
    int from = propagated + 1;
    int to = propagated + execs;
    send(
        "for i in $(seq "
            + from
            + " "
            + to
            + "); do mkdir /mnt/p1/d$i && mount -t tmpfs d$i /mnt/p1/d$i || break; done; echo"
            + " \"@@grown $?\"");
    String l = await("@@grown");
    if (!l.equals("@@grown 0"))
      throw new LiveException("could not grow to " + total + " mounts: " + l);
    propagated = to;
    watch.drain();
  }

  static final int PEERS = 30;
  private int tmpfs;
  private int propagated;
  private boolean peers;

  /** The namespace's mounts now (listmount). */
  public int mounts() {
    return LinuxCalls.listMounts(watch.id).size();
  }

  private Path mountinfo() {
    return Path.of("/proc/" + pid + "/mountinfo");
  }

  /** The 2017 experiment at the current size. */
  public ParallelReaders parallelReaders(int readers, int rounds, Path scratch) throws Exception {
    byte[] bytes = Files.readAllBytes(mountinfo());
    Path copy = Files.createTempFile(scratch, "mountinfo-copy", ".txt");
    try {
      Files.write(copy, bytes);
      double proc = timeReaders(mountinfo(), readers, rounds);
      double file = timeReaders(copy, readers, rounds);
      return new ParallelReaders(mounts(), readers, rounds, bytes.length, proc, file);
    } finally {
      Files.deleteIfExists(copy);
    }
  }

  private static double timeReaders(Path file, int readers, int rounds) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(readers);
    try {
      List<Future<Long>> done = new ArrayList<>();
      long start = System.nanoTime();
      for (int r = 0; r < readers; r++) {
        done.add(
            pool.submit(
                () -> {
                  long total = 0;
                  for (int i = 0; i < rounds; i++) total += Files.readAllBytes(file).length;
                  return total;
                }));
      }
      for (Future<Long> f : done) f.get();
      return (System.nanoTime() - start) / 1e9;
    } finally {
      pool.shutdownNow();
      pool.awaitTermination(10, TimeUnit.SECONDS);
    }
  }

  /** Full-table reads at the current size, medians of {@code runs} after one warm-up each. */
  public FullRead fullRead(int runs) throws IOException {
    long bytes = Files.readAllBytes(mountinfo()).length;
    double[] mi = new double[runs];
    double[] ls = new double[runs];
    double[] cs = new double[runs];
    Files.readAllBytes(mountinfo());
    listAndStat();
    for (int i = 0; i < runs; i++) {
      long t0 = System.nanoTime();
      Files.readAllBytes(mountinfo());
      long t1 = System.nanoTime();
      listAndStat();
      long t2 = System.nanoTime();
      mi[i] = (t1 - t0) / 1e6;
      ls[i] = (t2 - t1) / 1e6;
      cs[i] = oneChange(i);
    }
    return new FullRead(mounts(), bytes, median(mi), median(ls), median(cs));
  }

  private int listAndStat() {
    int n = 0;
    for (long id : LinuxCalls.listMounts(watch.id))
      if (LinuxCalls.statMount(id, watch.id) != null) n++;
    return n;
  }

  /** One mount made by the shell, then timed: reading its event and statmount() of that mount. */
  private double oneChange(int i) throws IOException {
    String dir = "/mnt/c" + System.nanoTime();
    send("mkdir " + dir + " && mount -t tmpfs c " + dir + "; echo \"@@changed $?\"");
    await("@@changed");
    long t0 = System.nanoTime();
    List<long[]> events = watch.drain();
    for (long[] e : events) LinuxCalls.statMount(e[1], watch.id);
    long t1 = System.nanoTime();
    send("umount " + dir + "; echo \"@@back $?\"");
    await("@@back");
    watch.drain();
    if (events.isEmpty()) throw new LiveException("no event for the mount on " + dir);
    return (t1 - t0) / 1e6;
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }

  @Override
  public void close() {
    watch.close();
    try {
      send("exit");
      shell.waitFor(10, TimeUnit.SECONDS);
    } catch (IOException e) {
      // the shell is gone already
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (shell.isAlive()) {
      shell.descendants().forEach(ProcessHandle::destroyForcibly);
      shell.destroyForcibly();
    }
  }
}

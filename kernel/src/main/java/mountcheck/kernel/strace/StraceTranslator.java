package mountcheck.kernel.strace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mountcheck.model.text.ScenarioParser;

/**
 * Turns the mount calls of an {@code strace -f -y} log into a scenario of the project's language
 * (docs/language.md, docs/runtime.md). The log must start in the namespace {@code unshare -Urm}
 * gives, which is the scenario's starting state; the scenario follows the process that last made a
 * new mount namespace (an OCI runtime's container init). Calls the language cannot say become
 * {@code # not translated (...)} comments with the reason.
 *
 * <p>What the translator tracks per process: its mount namespace (inherited through clone, new
 * after unshare or clone with CLONE_NEWNS, unknown after setns), its working directory (chdir, and
 * fchdir through strace -y's path) and its descriptors (every result strace -y prints as {@code
 * N<path>}, dup3 and SCM_RIGHTS included), so that {@code /proc/self/fd/N} and {@code .} resolve to
 * paths.
 */
public final class StraceTranslator {
  /** Where the old root goes when a runtime calls {@code pivot_root(".", ".")}. */
  static final String OLD_ROOT_DIR = "/mnt/.old-root";

  private static final String MNT = ScenarioParser.ROOT;
  private static final String OLD_ROOT = "\u0000old-root";
  private static final Set<String> RETURNS_FD =
      Set.of(
          "open",
          "openat",
          "openat2",
          "dup",
          "dup2",
          "dup3",
          "fcntl",
          "open_tree",
          "fsopen",
          "fsmount",
          "fspick");
  private static final Pattern RECEIVED_FD = Pattern.compile("cmsg_data=\\[(\\d+)<([^>]*)>");

  private final Map<Integer, Proc> procs = new HashMap<>();
  private final List<String> lines = new ArrayList<>();
  private final FdApiCalls fdApi = new FdApiCalls(lines, this::sayablePath);
  private final Set<String> unmade = new LinkedHashSet<>();
  private int namespaces;
  private int current;
  private String newRoot;

  private StraceTranslator() {}

  /** The state of one traced process. */
  private static final class Proc {
    int ns;
    boolean newUser;
    String cwd = "/";
    final Map<Integer, String> fds = new HashMap<>();

    Proc copy() {
      Proc p = new Proc();
      p.ns = ns;
      p.cwd = cwd;
      p.fds.putAll(fds);
      return p;
    }
  }

  /** The scenario for the log's text, one line per element; {@code source} names the log. */
  public static List<String> translate(String source, String logText) {
    StraceTranslator t = new StraceTranslator();
    t.lines.add("# translated by mountcheck strace2scenario from " + source);
    t.lines.add("# the log starts in the namespace 'unshare -Urm' gives: the scenario's start");
    for (StraceCall call : StraceLog.parse(logText)) t.step(call);
    return List.copyOf(t.lines);
  }

  private Proc proc(int pid) {
    return procs.computeIfAbsent(pid, k -> new Proc());
  }

  private void step(StraceCall c) {
    Proc p = proc(c.pid());
    noteDescriptors(p, c);
    switch (c.name()) {
      case "clone", "clone3", "vfork", "fork" -> cloned(p, c);
      case "unshare" -> unshare(p, c);
      case "setns" -> {
        if (c.succeeded() && c.arg(1).contains("CLONE_NEWNS")) p.ns = -1;
      }
      case "chdir" -> {
        String path = resolve(p, c.stringArg(0));
        if (c.succeeded() && path != null) p.cwd = path;
      }
      case "fchdir" -> {
        String path = viewed(c.argPath(0));
        if (c.succeeded() && path != null) p.cwd = path;
      }
      case "mkdir", "mkdirat" -> mkdir(p, c);
      case "mount" -> {
        if (inScenario(p, c)) mount(p, c);
      }
      case "umount2" -> {
        if (inScenario(p, c)) umount(p, c);
      }
      case "pivot_root" -> {
        if (inScenario(p, c)) pivotRoot(p, c);
      }
      case "chroot" -> {
        if (inScenario(p, c)) chroot(p, c);
      }
      case "open_tree",
          "move_mount",
          "mount_setattr",
          "fsopen",
          "fsconfig",
          "fsmount",
          "fspick" -> {
        if (inScenario(p, c)) fdApi.translate(p.fds, p.cwd, c);
      }
      case "close" -> {
        if (p.ns == current) fdApi.closed(c);
      }
      default -> {}
    }
  }

  /** Records the descriptors strace -y printed: a returned one, dup'ed ones, received ones. */
  private void noteDescriptors(Proc p, StraceCall c) {
    String path = c.resultPath();
    if (path != null && c.number() >= 0 && RETURNS_FD.contains(c.name()))
      p.fds.put((int) c.number(), viewed(path));
    if (c.name().equals("recvmsg")) {
      Matcher m = RECEIVED_FD.matcher(c.arg(1));
      while (m.find()) p.fds.put(Integer.parseInt(m.group(1)), viewed(m.group(2)));
    }
    if (c.name().equals("close") && c.succeeded()) {
      Integer fd = c.fdArg(0);
      if (fd != null) p.fds.remove(fd);
    }
  }

  /** A path strace printed (from the tracer's root) as the scenario sees it now. */
  private String viewed(String path) {
    if (path == null || newRoot == null) return path;
    if (path.equals("/")) return OLD_ROOT;
    if (path.equals(newRoot)) return "/";
    if (path.startsWith(newRoot + "/")) return path.substring(newRoot.length());
    return path;
  }

  private void cloned(Proc parent, StraceCall c) {
    long child = c.number();
    if (!c.succeeded() || child <= 0) return;
    Proc p = parent.copy();
    String flags = c.arg(c.name().equals("clone3") ? 0 : 1);
    if (flags.contains("CLONE_NEWNS")) {
      p.ns = newNamespace(parent, flags.contains("CLONE_NEWUSER"), c);
    }
    procs.put((int) child, p);
  }

  private void unshare(Proc p, StraceCall c) {
    if (!c.succeeded()) return;
    String flags = c.arg(0);
    boolean user = flags.contains("CLONE_NEWUSER");
    if (!flags.contains("CLONE_NEWNS")) {
      if (user) p.newUser = true;
      return;
    }
    p.ns = newNamespace(p, user || p.newUser, c);
    p.newUser = false;
  }

  /** A new mount namespace made by a process in {@code from}'s namespace; its number. */
  private int newNamespace(Proc from, boolean user, StraceCall c) {
    int ns = ++namespaces;
    if (from.ns != current) {
      skip(c, "a new namespace made outside the scenario's shell");
      return ns;
    }
    current = ns;
    // the system call alone keeps the propagation of the copies (util-linux would make them
    // private): copy_mnt_ns() in fs/namespace.c
    lines.add("unshare " + (user ? "-Urm" : "-m") + " --propagation unchanged");
    return ns;
  }

  private boolean inScenario(Proc p, StraceCall c) {
    if (p.ns == current) return true;
    skip(c, "made in a namespace the scenario has left (pid " + c.pid() + ")");
    return false;
  }

  private void mkdir(Proc p, StraceCall c) {
    if (!c.succeeded()) return; // EEXIST and the like: 'mkdir -p' says nothing either
    int pathArg = c.name().equals("mkdirat") ? 1 : 0;
    String base = c.name().equals("mkdirat") ? viewed(c.argPath(0)) : null;
    String path = resolve(p, base, c.stringArg(pathArg));
    String said = sayable(path);
    if (p.ns != current) skip(c, "made in a namespace the scenario has left (pid " + c.pid() + ")");
    else if (said == null) skip(c, "a directory outside " + MNT);
    else lines.add("mkdir -p " + said);
  }

  private void mount(Proc p, StraceCall c) {
    String flags = c.arg(3);
    String target = resolve(p, c.stringArg(1));
    Set<String> f = flagSet(flags);
    if (f.contains("MS_REMOUNT")) {
      remount(c, f, target);
    } else if (f.contains("MS_SHARED")
        || f.contains("MS_SLAVE")
        || f.contains("MS_PRIVATE")
        || f.contains("MS_UNBINDABLE")) {
      propagation(c, f, target);
    } else if (f.contains("MS_BIND") || f.contains("MS_MOVE")) {
      bindOrMove(p, c, f, target);
    } else {
      newFilesystem(c, f, target);
    }
  }

  private void remount(StraceCall c, Set<String> f, String target) {
    String t = sayable(target);
    if (t == null) {
      skip(c, "a remount of " + shown(target) + ", outside " + MNT);
      return;
    }
    if (unmadeBelow(t, c)) return;
    if (!f.contains("MS_BIND")) {
      skip(c, "a superblock remount: the language's remount also merges mountinfo's options");
      return;
    }
    // every flag said both ways, so that util-linux's merge with the row's options
    // (docs/semantics.md §2.14) passes exactly the call's flags; atime words only when the call
    // had them, as a remount without one keeps the mount's atime mode (path_mount())
    List<String> o = new ArrayList<>();
    o.add(f.contains("MS_RDONLY") ? "ro" : "rw");
    o.add(f.contains("MS_NOSUID") ? "nosuid" : "suid");
    o.add(f.contains("MS_NODEV") ? "nodev" : "dev");
    o.add(f.contains("MS_NOEXEC") ? "noexec" : "exec");
    o.add(f.contains("MS_NOSYMFOLLOW") ? "nosymfollow" : "symfollow");
    o.addAll(atimeWords(f));
    lines.add(note("mount -o remount,bind," + String.join(",", o) + " " + t, c, recursive(f)));
  }

  private static String recursive(Set<String> f) {
    return f.contains("MS_REC") ? "MS_REC is ignored on a remount (do_reconfigure_mnt())" : null;
  }

  private void propagation(StraceCall c, Set<String> f, String target) {
    String kind =
        f.contains("MS_SHARED")
            ? "shared"
            : f.contains("MS_SLAVE")
                ? "slave"
                : f.contains("MS_PRIVATE") ? "private" : "unbindable";
    boolean rec = f.contains("MS_REC");
    String t = sayable(target);
    if (t == null && rec && target != null && !target.equals(OLD_ROOT) && isAncestorOfMnt(target)) {
      lines.add(
          "# "
              + c.text()
              + ": the language's paths start at "
              + MNT
              + ", so the same on "
              + MNT
              + " and below");
      t = MNT;
    }
    if (t == null) {
      skip(c, "a propagation change of " + shown(target) + ", outside " + MNT);
      return;
    }
    if (unmadeBelow(t, c)) return;
    lines.add(note("mount --make-" + (rec ? "r" : "") + kind + " " + t, c, null));
  }

  private void bindOrMove(Proc p, StraceCall c, Set<String> f, String target) {
    String source = resolve(p, c.stringArg(0));
    String s = sayable(source);
    String t = sayable(target);
    if (s == null || t == null) {
      skip(c, "a bind or move from or onto " + shown(s == null ? source : target));
      if (t != null) unmade.add(t);
      return;
    }
    if (unmadeBelow(s, c) || unmadeBelow(t, c)) return;
    String verb = f.contains("MS_MOVE") ? "--move" : f.contains("MS_REC") ? "--rbind" : "--bind";
    Set<String> ignored = new LinkedHashSet<>(f);
    ignored.removeAll(Set.of("MS_BIND", "MS_REC", "MS_MOVE", "MS_SILENT"));
    String why =
        ignored.isEmpty()
            ? null
            : String.join("|", ignored) + " ignored by a bind or move (path_mount())";
    lines.add(note("mount " + verb + " " + s + " " + t, c, why));
  }

  private void newFilesystem(StraceCall c, Set<String> f, String target) {
    String type = c.stringArg(2);
    String source = c.stringArg(0);
    String t = sayable(target);
    if (t == null) {
      skip(c, "a new " + type + " filesystem at " + shown(target) + ", outside " + MNT);
      return;
    }
    if (!"tmpfs".equals(type)) {
      skip(c, "filesystem type " + type + ": the language makes tmpfs only");
      unmade.add(t);
      return;
    }
    if (!c.arg(4).equals("NULL") && !c.arg(4).equals("\"\"")) {
      skip(c, "tmpfs options " + c.arg(4) + ": the language has per-mount attributes only");
      unmade.add(t);
      return;
    }
    if (source == null || !source.matches("[A-Za-z0-9_.-]+")) {
      skip(c, "source label " + c.arg(0) + " is not a tmpfs NAME of the language");
      unmade.add(t);
      return;
    }
    if (unmadeBelow(t, c)) return;
    List<String> o = new ArrayList<>();
    if (f.contains("MS_RDONLY")) o.add("ro");
    if (f.contains("MS_NOSUID")) o.add("nosuid");
    if (f.contains("MS_NODEV")) o.add("nodev");
    if (f.contains("MS_NOEXEC")) o.add("noexec");
    if (f.contains("MS_NOSYMFOLLOW")) o.add("nosymfollow");
    o.addAll(atimeWords(f));
    String opts = o.isEmpty() ? "" : "-o " + String.join(",", o) + " ";
    lines.add(note("mount -t tmpfs " + opts + source + " " + t, c, null));
  }

  private void umount(Proc p, StraceCall c) {
    String target = resolve(p, c.stringArg(0));
    String t = sayable(target);
    if (t == null) {
      skip(c, "an umount of " + shown(target) + ", outside " + MNT);
      return;
    }
    String flags = c.arg(1);
    String cmd;
    if (flags.equals("0")) cmd = "umount " + t;
    else if (flags.equals("MNT_DETACH")) cmd = "umount -l " + t;
    else {
      skip(c, "umount2 flags " + flags + " have no umount(8) word in the language");
      return;
    }
    if (unmadeBelow(t, c)) return;
    lines.add(note(cmd, c, null));
  }

  private void pivotRoot(Proc p, StraceCall c) {
    String nr = resolve(p, c.stringArg(0));
    String old = resolve(p, c.stringArg(1));
    String n = sayable(nr);
    if (n == null || old == null || newRoot != null) {
      skip(c, "a pivot_root the language cannot say (" + shown(nr) + ")");
      return;
    }
    String putOld;
    if (old.equals(nr)) {
      // pivot_root(".", ".") stacks the old root on the new one, at "/", a path the language
      // lacks; a PUT_OLD below the new root ends in the same table once the old root is gone
      putOld = n + OLD_ROOT_DIR;
      lines.add(
          "# "
              + c.text()
              + ": the old root goes to "
              + OLD_ROOT_DIR
              + " instead of on top of the new root");
      lines.add("mkdir -p " + putOld);
    } else {
      putOld = sayable(old);
      if (putOld == null) {
        skip(c, "PUT_OLD " + old + " is outside " + MNT);
        return;
      }
    }
    lines.add(note("pivot_root " + n + " " + putOld, c, null));
    if (c.succeeded()) {
      newRoot = nr;
      for (Proc q : procs.values()) if (q.ns == current) q.cwd = rerooted(q.cwd);
    }
  }

  private String rerooted(String path) {
    if (path.equals(newRoot)) return "/";
    if (path.startsWith(newRoot + "/")) return path.substring(newRoot.length());
    if (path.equals("/")) return OLD_ROOT;
    return path;
  }

  private void chroot(Proc p, StraceCall c) {
    String d = sayable(resolve(p, c.stringArg(0)));
    if (d == null) skip(c, "a chroot outside " + MNT);
    else lines.add(note("chroot " + d, c, null));
  }

  /** A path of the calling process: {@code /proc/self/fd/N} through its descriptors, else cwd. */
  private String resolve(Proc p, String path) {
    return resolve(p, null, path);
  }

  private String resolve(Proc p, String base, String path) {
    if (path == null) return null;
    if (path.startsWith("/proc/self/fd/")) {
      String rest = path.substring("/proc/self/fd/".length());
      int slash = rest.indexOf('/');
      String num = slash < 0 ? rest : rest.substring(0, slash);
      String fdPath;
      try {
        fdPath = p.fds.get(Integer.parseInt(num));
      } catch (NumberFormatException e) {
        return null;
      }
      if (fdPath == null) return null;
      return slash < 0 ? fdPath : join(fdPath, rest.substring(slash + 1));
    }
    if (path.startsWith("/")) return normal(path);
    return join(base != null ? base : p.cwd, path);
  }

  private static String join(String dir, String rel) {
    if (rel.isEmpty() || rel.equals(".")) return dir;
    if (dir.equals(OLD_ROOT)) return OLD_ROOT + "/" + rel;
    return normal(dir.equals("/") ? "/" + rel : dir + "/" + rel);
  }

  private static String normal(String path) {
    List<String> parts = new ArrayList<>();
    for (String s : path.split("/")) {
      if (s.isEmpty() || s.equals(".")) continue;
      if (s.equals("..")) {
        if (!parts.isEmpty()) parts.remove(parts.size() - 1);
      } else parts.add(s);
    }
    return "/" + String.join("/", parts);
  }

  /** {@link #resolve} then {@link #sayable}, for the fd-based calls' paths. */
  private String sayablePath(Map<Integer, String> fds, String cwd, String base, String path) {
    Proc p = new Proc();
    p.fds.putAll(fds);
    p.cwd = cwd;
    return sayable(resolve(p, base, path));
  }

  /** The path as the language says it (at or below /mnt), or null when it cannot. */
  private String sayable(String path) {
    if (path == null) return null;
    if (path.equals(OLD_ROOT)) return newRoot == null ? null : OLD_ROOT_DIR;
    if (path.startsWith(OLD_ROOT)) return null;
    if (ScenarioParser.atOrBelowRoot(path)) return path;
    return null;
  }

  private static boolean isAncestorOfMnt(String path) {
    return path.equals("/") || (MNT + "/").startsWith(path.endsWith("/") ? path : path + "/");
  }

  /** Whether the path is at or below a mount the scenario could not make (then skipped). */
  private boolean unmadeBelow(String path, StraceCall c) {
    for (String u : unmade) {
      if (path.equals(u) || path.startsWith(u + "/")) {
        skip(c, "acts on " + u + ", which the scenario could not mount");
        return true;
      }
    }
    return false;
  }

  private static Set<String> flagSet(String flags) {
    Set<String> s = new LinkedHashSet<>();
    for (String w : flags.split("\\|")) s.add(w.strip());
    return s;
  }

  private static List<String> atimeWords(Set<String> f) {
    List<String> o = new ArrayList<>();
    if (f.contains("MS_NOATIME")) o.add("noatime");
    if (f.contains("MS_RELATIME")) o.add("relatime");
    if (f.contains("MS_STRICTATIME")) o.add("strictatime");
    if (f.contains("MS_NODIRATIME")) o.add("nodiratime");
    return o;
  }

  private static String shown(String path) {
    if (path == null) return "an unknown path";
    return path.startsWith(OLD_ROOT) ? "the old root" + path.substring(OLD_ROOT.length()) : path;
  }

  private String note(String command, StraceCall c, String why) {
    String failed = c.succeeded() ? "" : " (recorded: " + c.errno() + ")";
    String extra = why == null ? "" : "; " + why;
    String comment = "  # log line " + c.lineNumber() + failed + extra;
    return command + comment;
  }

  private void skip(StraceCall c, String why) {
    lines.add("# not translated (" + why + "): " + c.text());
  }
}

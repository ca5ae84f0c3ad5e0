package mountcheck.kernel.strace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The fd-based mount calls of a log as {@code mountfd} lines (docs/language.md): each descriptor an
 * {@code open_tree}, {@code fsopen} or {@code fsmount} returns is named {@code fdN} after its
 * number, and its {@code close} becomes {@code mountfd close fdN}. Part of {@link
 * StraceTranslator}; what the language cannot say becomes a comment there too.
 */
final class FdApiCalls {
  /** Says a path of the calling process in the language, or null (StraceTranslator's rules). */
  interface PathSayer {
    String say(Map<Integer, String> fds, String cwd, String base, String path);
  }

  private static final Map<String, String> ATTRS =
      Map.of(
          "MOUNT_ATTR_RDONLY", "ro",
          "MOUNT_ATTR_NOSUID", "nosuid",
          "MOUNT_ATTR_NODEV", "nodev",
          "MOUNT_ATTR_NOEXEC", "noexec",
          "MOUNT_ATTR_NOATIME", "noatime",
          "MOUNT_ATTR_STRICTATIME", "strictatime",
          "MOUNT_ATTR_NODIRATIME", "nodiratime",
          "MOUNT_ATTR_NOSYMFOLLOW", "nosymfollow",
          "MOUNT_ATTR__ATIME", "atime",
          "MOUNT_ATTR_IDMAP", "idmap");

  private static final List<String> ATIME_BITS =
      List.of("MOUNT_ATTR_NOATIME", "MOUNT_ATTR_STRICTATIME", "0x40");

  private final List<String> lines;
  private final PathSayer sayer;
  private final Map<Integer, String> names = new HashMap<>();

  FdApiCalls(List<String> lines, PathSayer sayer) {
    this.lines = lines;
    this.sayer = sayer;
  }

  void translate(Map<Integer, String> fds, String cwd, StraceCall c) {
    try {
      String line =
          switch (c.name()) {
            case "open_tree" -> openTree(fds, cwd, c);
            case "move_mount" -> moveMount(fds, cwd, c);
            case "mount_setattr" -> mountSetattr(fds, cwd, c);
            case "fsopen" -> fsopen(c);
            case "fsconfig" -> fsconfig(c);
            case "fsmount" -> fsmount(c);
            default -> throw new Unsayable("fspick has no mountfd line");
          };
      String failed = c.succeeded() ? "" : " (recorded: " + c.errno() + ")";
      lines.add(line + "  # log line " + c.lineNumber() + failed);
    } catch (Unsayable e) {
      lines.add("# not translated (" + e.getMessage() + "): " + c.text());
    }
  }

  /** A descriptor the log closes: {@code mountfd close} when a mountfd line named it. */
  void closed(StraceCall c) {
    Integer fd = c.fdArg(0);
    if (fd == null || !names.containsKey(fd)) return;
    lines.add("mountfd close " + names.remove(fd) + "  # log line " + c.lineNumber());
  }

  private String openTree(Map<Integer, String> fds, String cwd, StraceCall c) {
    String path = path(fds, cwd, c, 0, 1, "AT_EMPTY_PATH", c.arg(2));
    List<String> words = new ArrayList<>(List.of("mountfd open_tree", named(c), path));
    for (String f : List.of("OPEN_TREE_CLONE", "OPEN_TREE_NAMESPACE", "AT_RECURSIVE"))
      if (flags(c.arg(2)).contains(f)) words.add(f);
    return String.join(" ", words);
  }

  private String moveMount(Map<Integer, String> fds, String cwd, StraceCall c) {
    String flags = c.arg(4);
    String from = path(fds, cwd, c, 0, 1, "MOVE_MOUNT_F_EMPTY_PATH", flags);
    String to = path(fds, cwd, c, 2, 3, "MOVE_MOUNT_T_EMPTY_PATH", flags);
    List<String> words = new ArrayList<>(List.of("mountfd move_mount", from, to));
    for (String f : List.of("MOVE_MOUNT_BENEATH", "MOVE_MOUNT_SET_GROUP"))
      if (flags(flags).contains(f)) words.add(f);
    return String.join(" ", words);
  }

  private String mountSetattr(Map<Integer, String> fds, String cwd, StraceCall c) {
    String target = path(fds, cwd, c, 0, 1, "AT_EMPTY_PATH", c.arg(2));
    List<String> words = new ArrayList<>(List.of("mountfd mount_setattr", target));
    if (flags(c.arg(2)).contains("AT_RECURSIVE")) words.add("AT_RECURSIVE");
    Map<String, String> attr = struct(c.arg(3));
    String set = attrWords(attr.getOrDefault("attr_set", "0"));
    String clr = attrWords(attr.getOrDefault("attr_clr", "0"));
    if (!set.isEmpty()) words.add("attr_set=" + set);
    if (!clr.isEmpty()) words.add("attr_clr=" + clr);
    String prop = attr.getOrDefault("propagation", "0").split(" ")[0];
    if (!prop.equals("0")) {
      if (!prop.matches("MS_(SHARED|SLAVE|PRIVATE|UNBINDABLE)"))
        throw new Unsayable("propagation " + prop);
      words.add("propagation=" + prop.substring(3).toLowerCase());
    }
    if (!attr.getOrDefault("userns_fd", "0").equals("0"))
      throw new Unsayable("a user namespace descriptor: the log does not say which namespace");
    return String.join(" ", words);
  }

  private String fsopen(StraceCall c) {
    if (!"tmpfs".equals(c.stringArg(0)))
      throw new Unsayable("filesystem type " + c.arg(0) + ": the language makes tmpfs only");
    return "mountfd fsopen " + named(c) + " tmpfs";
  }

  private String fsconfig(StraceCall c) {
    String fs = name(c.fdArg(0));
    String cmd = c.arg(1);
    if (cmd.equals("FSCONFIG_CMD_CREATE")) return "mountfd fsconfig " + fs + " create";
    String key = c.stringArg(2);
    String value = c.stringArg(3);
    if (cmd.equals("FSCONFIG_SET_STRING") && "source".equals(key) && value != null)
      return "mountfd fsconfig " + fs + " source " + value;
    throw new Unsayable("fsconfig " + cmd + " " + c.arg(2) + ": the language sets the source only");
  }

  private String fsmount(StraceCall c) {
    String fs = name(c.fdArg(0));
    String attrs = attrWords(c.arg(2));
    String made = named(c);
    return "mountfd fsmount " + made + " " + fs + (attrs.isEmpty() ? "" : " attr=" + attrs);
  }

  /** The name of the descriptor a successful call returns, remembered for later lines. */
  private String named(StraceCall c) {
    long fd = c.number();
    String name = "fd" + Math.max(fd, 0);
    if (c.succeeded() && fd >= 0) names.put((int) fd, name);
    return name;
  }

  private String name(Integer fd) {
    if (fd == null || !names.containsKey(fd))
      throw new Unsayable("descriptor " + fd + " was not made by a translated call");
    return names.get(fd);
  }

  /** FROM, TO or TARGET: a held name with an empty path, else a path at or below /mnt. */
  private String path(
      Map<Integer, String> fds,
      String cwd,
      StraceCall c,
      int dirArg,
      int pathArg,
      String empty,
      String flags) {
    String path = c.stringArg(pathArg);
    if ("".equals(path) && flags(flags).contains(empty)) return name(c.fdArg(dirArg));
    String base = c.arg(dirArg).startsWith("AT_FDCWD") ? null : c.argPath(dirArg);
    if (base != null && c.fdArg(dirArg) != null && names.containsKey(c.fdArg(dirArg)))
      throw new Unsayable("a path below a detached tree");
    String said = sayer.say(fds, cwd, base, path);
    if (said == null) throw new Unsayable("a path outside /mnt: " + c.arg(pathArg));
    return said;
  }

  private static List<String> flags(String text) {
    return List.of(text.split("\\|"));
  }

  private static String attrWords(String text) {
    if (text.equals("0")) return "";
    List<String> out = new ArrayList<>();
    List<String> given = new ArrayList<>();
    for (String f : flags(text)) given.add(f.strip());
    // strace prints the mask MOUNT_ATTR__ATIME (0x70) bit by bit
    if (given.containsAll(ATIME_BITS)) {
      given.removeAll(ATIME_BITS);
      given.add("MOUNT_ATTR__ATIME");
    }
    for (String f : given) {
      String w = ATTRS.get(f.strip());
      if (w == null) throw new Unsayable("mount attribute " + f.strip());
      out.add(w);
    }
    return String.join(",", out);
  }

  private static Map<String, String> struct(String text) {
    Map<String, String> out = new HashMap<>();
    String inner =
        text.startsWith("{") && text.endsWith("}") ? text.substring(1, text.length() - 1) : text;
    for (String field : StraceCall.splitArgs(inner)) {
      int eq = field.indexOf('=');
      if (eq > 0) out.put(field.substring(0, eq).strip(), field.substring(eq + 1).strip());
    }
    return out;
  }

  /** A call the language cannot say; the message says why. */
  private static final class Unsayable extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Unsayable(String why) {
      super(why);
    }
  }
}

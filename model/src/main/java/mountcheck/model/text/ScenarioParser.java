package mountcheck.model.text;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.ChangeDirectory;
import mountcheck.model.ops.ChangeRoot;
import mountcheck.model.ops.ChangeType;
import mountcheck.model.ops.HoldFile;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MakeFiles;
import mountcheck.model.ops.MountOptionWords;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Move;
import mountcheck.model.ops.Nsenter;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.PersistNamespace;
import mountcheck.model.ops.PivotRoot;
import mountcheck.model.ops.Propagation;
import mountcheck.model.ops.ReleaseFile;
import mountcheck.model.ops.Remount;
import mountcheck.model.ops.RemoveDirs;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Step;
import mountcheck.model.ops.Umount;
import mountcheck.model.ops.Unshare;
import mountcheck.model.ops.Unshare.NamespacePropagation;
import mountcheck.model.ops.UnshareUser;

/**
 * Parses the scenario language (docs/language.md) into a {@link Scenario}. Blank lines and {@code
 * #} comments are skipped, a trailing {@code # comment} after a command is allowed, and words may
 * be separated by any run of spaces or tabs. Every other deviation is a {@link
 * ScenarioSyntaxException}.
 */
public final class ScenarioParser {
  /** The directory every scenario path lies at or under. */
  public static final String ROOT = "/mnt";

  /** Whether {@code path} is {@link #ROOT} or below it: a path the language can say. */
  public static boolean atOrBelowRoot(String path) {
    return path.equals(ROOT) || path.startsWith(ROOT + "/");
  }

  /**
   * Whether a mountinfo row at {@code mountPoint} belongs in a scenario's table: at or below {@link
   * #ROOT}, or at {@code /}, where only a root change puts a mount the scenario made (the starting
   * root's own filesystems are left out as every filesystem the scenario did not make).
   */
  public static boolean shownInTable(String mountPoint) {
    return mountPoint.equals("/") || atOrBelowRoot(mountPoint);
  }

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]+");
  private static final Pattern PATH_COMPONENT = Pattern.compile("[A-Za-z0-9_.,+:=-]+");
  private static final Pattern WHITESPACE = Pattern.compile("[ \t]+");
  private static final Pattern HOLD = Pattern.compile("([3-9])<(>?)(/.*)");
  private static final Pattern RELEASE = Pattern.compile("([3-9])<&-");

  private ScenarioParser() {}

  /** Parses {@code text}; {@code file} names the scenario and prefixes error messages. */
  public static Scenario parse(String file, String text) {
    List<Step> steps = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    boolean rooted = false;
    for (int i = 0; i < lines.length; i++) {
      checkText(file, i + 1, lines[i]);
      String[] words = words(lines[i]);
      if (words.length == 0) continue;
      Operation op = new LineParser(file, i + 1, words, rooted).operation();
      rooted |= Operation.changesRoot(op);
      steps.add(new Step(i + 1, op));
    }
    return new Scenario(file, steps);
  }

  /**
   * Parses one command line (no comment-only or blank lines) as line 1 of {@code file}, as a line
   * before any root change ({@code /} is not a path of it).
   */
  public static Operation parseCommand(String file, String command) {
    String[] words = words(command);
    if (words.length == 0) throw new ScenarioSyntaxException(file, 1, "empty command");
    return new LineParser(file, 1, words, false).operation();
  }

  /**
   * Rejects what bash would read differently from this parser: a carriage return (a CRLF line
   * ending makes bash pass {@code '/mnt/a\r'} as the last word), and binary data (control
   * characters, or bytes that are not UTF-8, which the reader turned into U+FFFD).
   */
  private static void checkText(String file, int line, String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\r') {
        throw new ScenarioSyntaxException(
            file,
            line,
            "carriage return (CRLF line ending): bash would keep '\\r' as part of the last word;"
                + " convert the file with: sed -i 's/\\r$//' FILE");
      }
      if (c == '\uFFFD' || (Character.isISOControl(c) && c != '\t')) {
        throw new ScenarioSyntaxException(
            file,
            line,
            String.format(
                "binary data (character U+%04X at column %d): a scenario is a UTF-8 text file",
                (int) c, i + 1));
      }
    }
  }

  /** The words of a line before its comment, if any. */
  private static String[] words(String line) {
    List<String> words = new ArrayList<>();
    for (String word : WHITESPACE.split(line.strip())) {
      if (word.isEmpty()) continue;
      if (word.startsWith("#")) break;
      words.add(word);
    }
    return words.toArray(String[]::new);
  }

  /** A tmpfs source label, or the error {@code error} makes of the message. */
  static String tmpfsName(String word, Function<String, RuntimeException> error) {
    if (!NAME.matcher(word).matches())
      throw error.apply("tmpfs NAME must match [A-Za-z0-9_.-]+: '" + word + "'");
    return word;
  }

  /**
   * Parses the words of one line; carries the position for error messages, and whether an earlier
   * line changed the root ({@code rooted}: then {@code /} may name it).
   */
  private record LineParser(String file, int line, String[] words, boolean rooted) {

    Operation operation() {
      return switch (words[0]) {
        case "mkdir" -> mkdir();
        case "mount" -> mount();
        case "umount" -> umount();
        case "unshare" -> unshare();
        case "touch" -> touch();
        case "rmdir" -> rmdir();
        case "nsenter" -> nsenter();
        case "exec" -> exec();
        case "cd" -> cd();
        case "chroot" -> chroot();
        case "pivot_root" -> pivotRoot();
        case "mountfd" ->
            new MountfdLine(
                    words, this::pathOrRoot, m -> new ScenarioSyntaxException(file, line, m))
                .operation();
        default -> throw unknown();
      };
    }

    private Operation touch() {
      if (words.length < 2 || words[1].startsWith("-")) throw expected("touch PATH...");
      return new MakeFiles(Arrays.stream(words, 1, words.length).map(this::path).toList());
    }

    private Operation rmdir() {
      if (words.length < 2 || words[1].startsWith("-")) throw expected("rmdir PATH...");
      return new RemoveDirs(Arrays.stream(words, 1, words.length).map(this::path).toList());
    }

    private Operation nsenter() {
      if (words.length < 3 || !words[1].startsWith("--mount="))
        throw expected("nsenter --mount=FILE COMMAND");
      String nsFile = path(words[1].substring("--mount=".length()));
      Operation command =
          new LineParser(file, line, Arrays.copyOfRange(words, 2, words.length), false).operation();
      if (!Nsenter.allowed(command))
        throw new ScenarioSyntaxException(
            file,
            line,
            "nsenter runs one of mkdir, touch, rmdir, mount, umount, got '"
                + command.toCommand()
                + "'");
      return new Nsenter(nsFile, command);
    }

    private Operation exec() {
      Matcher hold = HOLD.matcher(words.length == 2 ? words[1] : "");
      if (hold.matches())
        return new HoldFile(
            hold.group(1).charAt(0) - '0', path(hold.group(3)), !hold.group(2).isEmpty());
      Matcher release = RELEASE.matcher(words.length == 2 ? words[1] : "");
      if (release.matches()) return new ReleaseFile(release.group(1).charAt(0) - '0');
      throw expected("exec N<PATH', 'exec N<>PATH' or 'exec N<&-' (N from 3 to 9)");
    }

    private Operation cd() {
      if (words.length != 2) throw expected("cd PATH");
      return new ChangeDirectory(words[1].equals("/") ? "/" : path(words[1]));
    }

    private Operation chroot() {
      if (words.length != 2) throw expected("chroot DIR");
      return new ChangeRoot(path(words[1]));
    }

    private Operation pivotRoot() {
      if (words.length != 3) throw expected("pivot_root NEW PUT_OLD");
      return new PivotRoot(path(words[1]), path(words[2]));
    }

    private Operation mkdir() {
      if (words.length < 3 || !words[1].equals("-p")) throw expected("mkdir -p PATH...");
      return new MakeDirs(Arrays.stream(words, 2, words.length).map(this::path).toList());
    }

    private Operation mount() {
      if (words.length < 2) throw unknown();
      if (words[1].startsWith("--make-")) return changeType(words[1]);
      String type = null;
      String mode = null; // --bind, --rbind or --move
      boolean remount = false;
      boolean bindOption = false;
      List<String> options = new ArrayList<>();
      List<String> args = new ArrayList<>();
      for (int i = 1; i < words.length; i++) {
        String w = words[i];
        switch (w) {
          case "-t" -> {
            if (type != null || i + 1 >= words.length || !words[i + 1].equals("tmpfs"))
              throw expected("mount -t tmpfs NAME PATH");
            type = words[++i];
          }
          case "--bind", "--rbind", "--move" -> {
            if (mode != null) throw unknown();
            mode = w;
          }
          case "-o" -> {
            if (i + 1 >= words.length) throw expected("mount -o OPTS ...");
            for (String o : words[++i].split(",", -1)) {
              switch (o) {
                case "remount" -> remount = true;
                case "bind" -> bindOption = true;
                default -> {
                  if (!MountOptionWords.WORDS.contains(o))
                    throw new ScenarioSyntaxException(
                        file,
                        line,
                        "mount option must be remount, bind or one of "
                            + String.join(" ", MountOptionWords.WORDS.stream().sorted().toList())
                            + ": '"
                            + o
                            + "'");
                  options.add(o);
                }
              }
            }
          }
          default -> {
            if (w.startsWith("-")) throw unknown();
            args.add(w);
          }
        }
      }
      if (remount) {
        boolean bind = bindOption || "--bind".equals(mode);
        if (type != null || args.size() != 1 || (mode != null && !bind) || "--rbind".equals(mode))
          throw expected("mount -o remount[,bind],OPTS PATH");
        return new Remount(bind, options, path(args.get(0)));
      }
      if (type != null) {
        if (mode != null || bindOption || args.size() != 2)
          throw expected("mount -t tmpfs NAME PATH");
        return new MountTmpfs(name(args.get(0)), path(args.get(1)), options);
      }
      if ("--move".equals(mode)) {
        if (!options.isEmpty() || bindOption || args.size() != 2)
          throw expected("mount --move SRC DST");
        return new Move(path(args.get(0)), path(args.get(1)));
      }
      if (mode != null || bindOption) {
        String form = mode == null ? "--bind" : mode;
        if (args.size() != 2) throw expected("mount " + form + " SRC DST");
        return new Bind(path(args.get(0)), path(args.get(1)), form.equals("--rbind"), options);
      }
      throw unknown();
    }

    private Operation changeType(String option) {
      if (!option.startsWith("--make-")) throw unknown();
      String word = option.substring("--make-".length());
      boolean recursive = false;
      Propagation type = propagation(word);
      if (type == null && word.startsWith("r")) {
        recursive = true;
        type = propagation(word.substring(1));
      }
      if (type == null) throw unknown();
      if (words.length != 3) throw expected("mount " + option + " PATH");
      return new ChangeType(type, recursive, path(words[2]));
    }

    private static Propagation propagation(String word) {
      for (Propagation p : Propagation.values()) if (p.word().equals(word)) return p;
      return null;
    }

    private Operation umount() {
      if (words.length == 2 && !words[1].startsWith("-"))
        return new Umount(pathOrRoot(words[1]), false);
      if (words.length == 3 && words[1].equals("-l")) return new Umount(pathOrRoot(words[2]), true);
      if (words.length >= 2 && words[1].startsWith("-") && !words[1].equals("-l")) throw unknown();
      throw expected("umount PATH' or 'umount -l PATH");
    }

    private Operation unshare() {
      if (words.length < 2) throw expected("unshare -m', 'unshare -Urm' or 'unshare -Ur");
      if (words[1].equals("-Ur")) {
        if (words.length == 2) return new UnshareUser();
        throw expected("unshare -Ur' alone");
      }
      boolean user;
      switch (words[1]) {
        case "-m" -> user = false;
        case "-Urm" -> user = true;
        default -> throw unknown();
      }
      if (words.length == 2) return new Unshare(user, NamespacePropagation.PRIVATE);
      if (words[words.length - 1].equals("true")
          && words[words.length - 2].startsWith("--mount=")) {
        String nsFile = path(words[words.length - 2].substring("--mount=".length()));
        if (words.length == 4)
          return new PersistNamespace(user, NamespacePropagation.PRIVATE, nsFile);
        if (words.length == 6 && words[2].equals("--propagation"))
          return new PersistNamespace(user, namespacePropagation(words[3]), nsFile);
        throw expected(words[0] + " " + words[1] + " [--propagation P] --mount=FILE true");
      }
      if (words.length == 4 && words[2].equals("--propagation")) {
        return new Unshare(user, namespacePropagation(words[3]));
      }
      throw expected(words[0] + " " + words[1] + " [--propagation private|shared|slave|unchanged]");
    }

    private NamespacePropagation namespacePropagation(String word) {
      for (NamespacePropagation p : NamespacePropagation.values())
        if (p.word().equals(word)) return p;
      throw new ScenarioSyntaxException(
          file, line, "expected --propagation private|shared|slave|unchanged, got '" + word + "'");
    }

    private String name(String word) {
      return tmpfsName(word, m -> new ScenarioSyntaxException(file, line, m));
    }

    /** A path, or {@code /} (the caller's root) once an earlier line changed the root. */
    private String pathOrRoot(String word) {
      if (word.equals("/") && !rooted)
        throw new ScenarioSyntaxException(
            file,
            line,
            "'/' names the caller's root only after a chroot, pivot_root or mountfd chroot line");
      return word.equals("/") ? word : path(word);
    }

    private String path(String word) {
      if (!atOrBelowRoot(word))
        throw new ScenarioSyntaxException(
            file, line, "path must be absolute and under " + ROOT + ": '" + word + "'");
      String[] components = word.substring(1).split("/", -1);
      for (String c : components) {
        if (c.isEmpty() || c.equals(".") || c.equals(".."))
          throw new ScenarioSyntaxException(
              file,
              line,
              "path must be normalized (no '.', '..', '//' or trailing '/'): '" + word + "'");
        if (!PATH_COMPONENT.matcher(c).matches())
          throw new ScenarioSyntaxException(
              file,
              line,
              "path may only use the characters [A-Za-z0-9_.,+:=-] between slashes: '"
                  + word
                  + "'");
      }
      return word;
    }

    private ScenarioSyntaxException unknown() {
      return new ScenarioSyntaxException(
          file, line, "unknown command '" + String.join(" ", words) + "'");
    }

    private ScenarioSyntaxException expected(String form) {
      return new ScenarioSyntaxException(
          file, line, "expected '" + form + "', got '" + String.join(" ", words) + "'");
    }
  }
}

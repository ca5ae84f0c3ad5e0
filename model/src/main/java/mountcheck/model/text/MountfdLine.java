package mountcheck.model.text;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import mountcheck.model.ops.ChangeRootToDescriptor;
import mountcheck.model.ops.CloseDescriptor;
import mountcheck.model.ops.DescriptorName;
import mountcheck.model.ops.FsConfig;
import mountcheck.model.ops.FsMount;
import mountcheck.model.ops.FsOpen;
import mountcheck.model.ops.MakeDirectoryAt;
import mountcheck.model.ops.MountAttribute;
import mountcheck.model.ops.MountSetattr;
import mountcheck.model.ops.MoveMount;
import mountcheck.model.ops.OpenTree;
import mountcheck.model.ops.OpenUserNamespace;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Propagation;
import mountcheck.model.ops.UnknownBits;

/**
 * Parses a {@code mountfd} line (README, "The fd-based mount API"): the call's name, then its
 * arguments, descriptors named by lowercase words and paths checked as every scenario path.
 */
final class MountfdLine {
  private static final Pattern HEX = Pattern.compile("0x[0-9a-f]{1,16}");

  /** The forms, for error messages. */
  static final List<String> FORMS =
      List.of(
          "mountfd open_tree NAME PATH|NAME|NAME/REL [OPEN_TREE_CLONE|OPEN_TREE_NAMESPACE]"
              + " [AT_RECURSIVE]",
          "mountfd move_mount FROM TO [MOVE_MOUNT_BENEATH|MOVE_MOUNT_SET_GROUP]",
          "mountfd mount_setattr TARGET [AT_RECURSIVE] [attr_set=A,..] [attr_clr=A,..]"
              + " [propagation=P] [userns=NAME] (A or P may be a hex word: 0x80000000)",
          "mountfd fsopen NAME tmpfs",
          "mountfd fsconfig NAME source LABEL|create",
          "mountfd fsmount NAME CONTEXT [attr=A,..]",
          "mountfd close NAME",
          "mountfd userns NAME [self]",
          "mountfd chroot NAME",
          "mountfd mkdirat PATH|NAME/REL");

  private final String[] words;
  private final Function<String, String> path;
  private final Function<String, RuntimeException> error;

  /**
   * @param path checks a path (returns it or throws)
   * @param error the syntax error for a message
   */
  MountfdLine(String[] words, Function<String, String> path, Function<String, RuntimeException> e) {
    this.words = words;
    this.path = path;
    this.error = e;
  }

  Operation operation() {
    if (words.length < 2) throw expected(0);
    return switch (words[1]) {
      case "open_tree" -> openTree();
      case "move_mount" -> moveMount();
      case "mount_setattr" -> mountSetattr();
      case "fsopen" -> fsOpen();
      case "fsconfig" -> fsConfig();
      case "fsmount" -> fsMount();
      case "close" -> close();
      case "userns" -> userns();
      case "chroot" -> chroot();
      case "mkdirat" -> mkdirat();
      default -> throw error.apply("unknown mountfd call '" + words[1] + "'");
    };
  }

  private Operation openTree() {
    if (words.length < 4 || words.length > 7) throw expected(0);
    boolean clone = false;
    boolean recursive = false;
    boolean namespace = false;
    for (int i = 4; i < words.length; i++) {
      if (words[i].equals("OPEN_TREE_CLONE") && !clone) clone = true;
      else if (words[i].equals("OPEN_TREE_NAMESPACE") && !namespace) namespace = true;
      else if (words[i].equals("AT_RECURSIVE") && !recursive) recursive = true;
      else throw expected(0);
    }
    return new OpenTree(name(words[2]), location(words[3]), clone, recursive, namespace);
  }

  private Operation moveMount() {
    if (words.length != 4 && words.length != 5) throw expected(1);
    MoveMount.Flag flag = MoveMount.Flag.NONE;
    if (words.length == 5) {
      flag = null;
      for (MoveMount.Flag f : MoveMount.Flag.values())
        if (f != MoveMount.Flag.NONE && f.word().equals(words[4])) flag = f;
      if (flag == null) throw expected(1);
    }
    return new MoveMount(location(words[2]), location(words[3]), flag);
  }

  private Operation mountSetattr() {
    if (words.length < 3) throw expected(2);
    boolean recursive = false;
    Set<MountAttribute> set = null;
    Set<MountAttribute> clear = null;
    Propagation propagation = null;
    String userns = null;
    long unknownSet = 0;
    long unknownClear = 0;
    Long unknownPropagation = null;
    for (int i = 3; i < words.length; i++) {
      String w = words[i];
      if (w.startsWith("userns=") && userns == null) {
        userns = name(w.substring("userns=".length()));
        continue;
      }
      if (w.equals("AT_RECURSIVE") && !recursive) recursive = true;
      else if (w.startsWith("attr_set=") && set == null) {
        set = attributes(named(w));
        unknownSet = unknownBits(w, UnknownBits.KNOWN_ATTRIBUTES);
      } else if (w.startsWith("attr_clr=") && clear == null) {
        clear = attributes(named(w));
        unknownClear = unknownBits(w, UnknownBits.KNOWN_ATTRIBUTES);
      } else if (w.startsWith("propagation=") && propagation == null && unknownPropagation == null)
        if (isHex(w.substring("propagation=".length())))
          unknownPropagation = unknownBits(w, UnknownBits.KNOWN_PROPAGATION);
        else propagation = propagation(w.substring("propagation=".length()));
      else throw expected(2);
    }
    return new MountSetattr(
        location(words[2]),
        recursive,
        set == null ? Set.of() : set,
        clear == null ? Set.of() : clear,
        propagation,
        userns,
        new UnknownBits(
            unknownSet, unknownClear, unknownPropagation == null ? 0 : unknownPropagation));
  }

  private static boolean isHex(String word) {
    return HEX.matcher(word).matches();
  }

  /** A field's list without its hex words: {@code attr_set=ro} of {@code attr_set=ro,0x80}. */
  private static String named(String word) {
    String key = word.substring(0, word.indexOf('=') + 1);
    List<String> names = new ArrayList<>();
    boolean hex = false;
    for (String a : word.substring(key.length()).split(",", -1)) {
      if (isHex(a)) hex = true;
      else names.add(a);
    }
    if (!hex) return word;
    return names.isEmpty() ? "" : key + String.join(",", names);
  }

  /**
   * The hex words of a field ({@code 0x80000000}, at most 64 bits), which must name no bit the
   * language names (those are written by name).
   */
  private long unknownBits(String word, long known) {
    long bits = 0;
    for (String a : word.substring(word.indexOf('=') + 1).split(",", -1)) {
      if (!isHex(a)) continue;
      long b = Long.parseUnsignedLong(a.substring(2), 16);
      if (b == 0 || (b & known) != 0)
        throw error.apply(
            "a hex word holds only bits that no attribute or propagation type names, and one at"
                + " least: '"
                + a
                + "'");
      bits |= b;
    }
    return bits;
  }

  private Operation fsOpen() {
    if (words.length != 4 || !words[3].equals("tmpfs")) throw expected(3);
    return new FsOpen(name(words[2]), "tmpfs");
  }

  private Operation fsConfig() {
    if (words.length == 4 && words[3].equals("create")) return new FsConfig(name(words[2]), null);
    if (words.length == 5 && words[3].equals("source"))
      return new FsConfig(name(words[2]), ScenarioParser.tmpfsName(words[4], error));
    throw expected(4);
  }

  private Operation fsMount() {
    if (words.length != 4 && words.length != 5) throw expected(5);
    Set<MountAttribute> attributes = Set.of();
    if (words.length == 5) {
      if (!words[4].startsWith("attr=")) throw expected(5);
      attributes = attributes(words[4]);
    }
    return new FsMount(name(words[2]), name(words[3]), attributes);
  }

  private Operation close() {
    if (words.length != 3) throw expected(6);
    return new CloseDescriptor(name(words[2]));
  }

  private Operation chroot() {
    if (words.length != 3) throw expected(8);
    return new ChangeRootToDescriptor(name(words[2]));
  }

  /** mkdirat(2) of one directory: an absolute path or a path relative to a descriptor. */
  private Operation mkdirat() {
    if (words.length != 3 || DescriptorName.isName(words[2]) || words[2].equals("/"))
      throw expected(9);
    return new MakeDirectoryAt(location(words[2]));
  }

  private Operation userns() {
    if (words.length == 3) return new OpenUserNamespace(name(words[2]), false);
    if (words.length == 4 && words[3].equals("self"))
      return new OpenUserNamespace(name(words[2]), true);
    throw expected(7);
  }

  private Set<MountAttribute> attributes(String word) {
    Set<MountAttribute> out = EnumSet.noneOf(MountAttribute.class);
    if (word.isEmpty()) return out; // a field of hex words only
    for (String a : word.substring(word.indexOf('=') + 1).split(",", -1)) {
      MountAttribute attribute = MountAttribute.ofWord(a);
      if (attribute == null)
        throw error.apply(
            "unknown mount attribute '"
                + a
                + "' (ro, nosuid, nodev, noexec, relatime, noatime, strictatime, nodiratime,"
                + " nosymfollow, idmap, atime)");
      out.add(attribute);
    }
    return out;
  }

  private Propagation propagation(String word) {
    for (Propagation p : Propagation.values()) if (p.word().equals(word)) return p;
    throw error.apply("propagation must be shared, slave, private or unbindable: '" + word + "'");
  }

  private String name(String word) {
    if (!DescriptorName.isName(word))
      throw error.apply("a descriptor name must match [a-z][a-z0-9]*: '" + word + "'");
    return word;
  }

  /** A path, a descriptor name or a path relative to a descriptor ({@code t/A/AA}). */
  private String location(String word) {
    if (word.startsWith("/")) return path.apply(word);
    if (word.indexOf('/') < 0) return name(word);
    if (!DescriptorName.isRelative(word))
      throw error.apply(
          "a path relative to a descriptor is NAME/COMPONENT/..., normalized (no '.', '..', '//'"
              + " or trailing '/'): '"
              + word
              + "'");
    return word;
  }

  private RuntimeException expected(int form) {
    return error.apply("expected '" + FORMS.get(form) + "', got '" + String.join(" ", words) + "'");
  }
}

package mountcheck.model.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;

/**
 * Long scenarios of a given number of commands, in three shapes, for timing the model against
 * scenario length ({@code mountcheck bench model} and the JMH ModelBenchmark). Each is scenario
 * text, so it can be written to a file and run on a kernel as well.
 *
 * <p>The seeded {@link #MIXED} shape is a workload, not a test-case generator, and deliberately
 * separate from the catalogue's generators ({@code properties/generators}): its scenarios must stay
 * the same for a given seed and length from one version to the next so that timings stay
 * comparable, they run to 100,000 commands, and the model module (which the benchmarks use) cannot
 * depend on the properties module.
 */
public enum ScenarioShape {
  /** Tmpfs mounts stacked on one directory: every mount covers the previous one. */
  STACKED("stacked", "tmpfs mounts stacked on /mnt/a, each covering the previous one"),
  /**
   * A shared /mnt with a peer at /mnt/p; then a directory and a tmpfs mount on it, again and again:
   * every mount propagates a copy to the peer, and /mnt and /mnt/p get ever more children.
   */
  WIDE(
      "wide",
      "mkdir and tmpfs mount side by side under a shared /mnt, each propagated to its peer /mnt/p"),
  /**
   * Seeded random commands of every kind over a five-name path vocabulary up to three levels deep:
   * mkdir, tmpfs, bind, rbind, propagation changes, move, umount, umount -l and unshare.
   */
  MIXED(
      "mixed",
      "seeded random commands of every kind (mkdir, mount, bind, rbind, make-*, move, umount,"
          + " unshare)");

  private static final String[] NAMES = {"a", "b", "c", "d", "e"};
  private static final String[] TYPES = {"shared", "slave", "private", "unbindable"};

  private final String label;
  private final String description;

  ScenarioShape(String label, String description) {
    this.label = label;
    this.description = description;
  }

  public String label() {
    return label;
  }

  public String description() {
    return description;
  }

  public static Optional<ScenarioShape> byLabel(String label) {
    for (ScenarioShape s : values())
      if (s.label.equals(label.toLowerCase(Locale.ROOT))) return Optional.of(s);
    return Optional.empty();
  }

  /** The scenario's lines: exactly {@code commands} commands (at least 4). */
  public List<String> lines(int commands, long seed) {
    if (commands < 4) throw new IllegalArgumentException("at least 4 commands, got " + commands);
    List<String> out = new ArrayList<>(commands);
    switch (this) {
      case STACKED -> {
        out.add("mount -t tmpfs base /mnt");
        out.add("mkdir -p /mnt/a");
        for (int i = 0; out.size() < commands; i++) out.add("mount -t tmpfs s" + i + " /mnt/a");
      }
      case WIDE -> {
        out.add("mount -t tmpfs base /mnt");
        out.add("mount --make-shared /mnt");
        out.add("mkdir -p /mnt/p");
        out.add("mount --bind /mnt /mnt/p");
        for (int i = 0; out.size() < commands; i++) {
          out.add("mkdir -p /mnt/d" + i);
          if (out.size() < commands) out.add("mount -t tmpfs w" + i + " /mnt/d" + i);
        }
      }
      case MIXED -> {
        Random r = new Random(seed);
        out.add("mount -t tmpfs base /mnt");
        for (int n = 1; out.size() < commands; n++) out.add(mixed(r, n));
      }
    }
    return out;
  }

  /** The scenario as file text. */
  public String text(int commands, long seed) {
    return String.join("\n", lines(commands, seed)) + "\n";
  }

  private static String path(Random r) {
    StringBuilder p = new StringBuilder("/mnt");
    for (int k = 1 + r.nextInt(3); k > 0; k--) p.append('/').append(NAMES[r.nextInt(NAMES.length)]);
    return p.toString();
  }

  private static String mixed(Random r, int n) {
    int x = r.nextInt(100);
    if (x < 25) return "mkdir -p " + path(r);
    if (x < 45) return "mount -t tmpfs t" + n + " " + path(r);
    if (x < 55) return "mount --bind " + path(r) + " " + path(r);
    if (x < 57) return "mount --rbind " + path(r) + " " + path(r);
    if (x < 67) return "mount --make-" + TYPES[r.nextInt(TYPES.length)] + " " + path(r);
    if (x < 70) return "mount --move " + path(r) + " " + path(r);
    if (x < 85) return "umount " + path(r);
    if (x < 99) return "umount -l " + path(r);
    return r.nextBoolean() ? "unshare -m --propagation unchanged" : "unshare -m";
  }
}

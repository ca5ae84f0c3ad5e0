package mountcheck.properties.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import mountcheck.engine.ShrinkLimits;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.ChangeType;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Move;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Propagation;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Umount;
import mountcheck.model.ops.Unshare;
import org.junit.jupiter.api.Test;

/**
 * Scenario-level shrinking of noisy scenarios under predicates whose minimal failing scenario is
 * stated by hand in each test.
 */
class ScenarioShrinkerTest {
  private static final ShrinkLimits LIMITS = new ShrinkLimits(Duration.ofSeconds(20), 100_000);

  /** 22 commands with deep paths, several labels and every flag, around {@code essential}. */
  private static Scenario noisy(Operation... essential) {
    List<Operation> ops = new ArrayList<>();
    ops.add(new MountTmpfs("rootfs", "/mnt"));
    ops.add(new MakeDirs(List.of("/mnt/data/x/y", "/mnt/srv", "/mnt/data/z")));
    ops.add(new MountTmpfs("scratch", "/mnt/data"));
    ops.add(new MakeDirs(List.of("/mnt/data/x/y", "/mnt/data/q")));
    ops.add(new ChangeType(Propagation.SHARED, true, "/mnt"));
    ops.add(new Bind("/mnt/data/x", "/mnt/srv", true));
    ops.add(new Unshare(true, Unshare.NamespacePropagation.UNCHANGED));
    ops.add(new ChangeType(Propagation.SLAVE, false, "/mnt/srv"));
    ops.add(new MountTmpfs("other", "/mnt/data/q"));
    ops.add(new Move("/mnt/data/q", "/mnt/data/z"));
    ops.add(new Umount("/mnt/data/z", true));
    int middle = ops.size();
    ops.add(new Bind("/mnt/data/x/y", "/mnt/data/q", false));
    ops.add(new ChangeType(Propagation.PRIVATE, true, "/mnt/data"));
    ops.add(new MountTmpfs("extra", "/mnt/srv"));
    ops.add(new Umount("/mnt/srv", false));
    ops.add(new ChangeType(Propagation.UNBINDABLE, false, "/mnt/data/x"));
    ops.add(new Bind("/mnt/data", "/mnt/data/x/y", true));
    ops.add(new Unshare(false, Unshare.NamespacePropagation.SLAVE));
    ops.add(new Umount("/mnt/data/x/y", true));
    ops.add(new MakeDirs(List.of("/mnt/srv/deep/er", "/mnt/other")));
    List<Operation> all = new ArrayList<>(ops.subList(0, middle));
    int at = middle;
    for (Operation e : essential) {
      all.add(e);
      if (at < ops.size()) all.add(ops.get(at++));
    }
    all.addAll(ops.subList(at, ops.size()));
    return Scenario.of("noisy", all);
  }

  private static List<Operation> shrink(Scenario s, Predicate<Scenario> fails) {
    assertEquals(true, fails.test(s), "the noisy scenario fails to begin with");
    return new ScenarioShrinker().shrink(s, fails, LIMITS).operations();
  }

  private static boolean laterUmountOf(List<Operation> ops, int from, String target, boolean lazy) {
    for (int j = from + 1; j < ops.size(); j++) {
      if (ops.get(j) instanceof Umount u && u.target().equals(target) && (!lazy || u.lazy())) {
        return true;
      }
    }
    return false;
  }

  @Test
  void bindThenUmountOfTheSameTargetShrinksToTheTwoPlainestCommandsOnMnt() {
    Predicate<Scenario> fails =
        s -> {
          List<Operation> ops = s.operations();
          for (int i = 0; i < ops.size(); i++) {
            if (ops.get(i) instanceof Bind b && laterUmountOf(ops, i, b.target(), false))
              return true;
          }
          return false;
        };
    assertEquals(
        List.of(new Bind("/mnt", "/mnt", false), new Umount("/mnt", false)),
        shrink(
            noisy(new Bind("/mnt/srv/deep", "/mnt/data/x", true), new Umount("/mnt/data/x", true)),
            fails));
  }

  @Test
  void rbindThenLazyUmountKeepsBothFlagsButNothingElse() {
    Predicate<Scenario> fails =
        s -> {
          List<Operation> ops = s.operations();
          for (int i = 0; i < ops.size(); i++) {
            if (ops.get(i) instanceof Bind b
                && b.recursive()
                && laterUmountOf(ops, i, b.target(), true)) {
              return true;
            }
          }
          return false;
        };
    assertEquals(
        List.of(new Bind("/mnt", "/mnt", true), new Umount("/mnt", true)),
        shrink(
            noisy(new Bind("/mnt/srv", "/mnt/data/x", true), new Umount("/mnt/data/x", true)),
            fails));
  }

  @Test
  void twoTmpfsMountsMergeTheirLabelsAndLandOnMnt() {
    Predicate<Scenario> fails =
        s -> s.operations().stream().filter(op -> op instanceof MountTmpfs).count() >= 2;
    assertEquals(
        List.of(new MountTmpfs("a", "/mnt"), new MountTmpfs("a", "/mnt")), shrink(noisy(), fails));
  }

  @Test
  void aBindIntoItsOwnSubtreeKeepsOneDirectoryNamedA() {
    Predicate<Scenario> fails =
        s ->
            s.operations().stream()
                .anyMatch(op -> op instanceof Bind b && b.target().startsWith(b.source() + "/"));
    assertEquals(
        List.of(new Bind("/mnt", "/mnt/a", false)),
        shrink(noisy(new Bind("/mnt/srv", "/mnt/srv/deep/er", true)), fails));
  }

  @Test
  void mkdirListsLoseTheirOtherPathsAndDirectoriesGetShortNames() {
    Predicate<Scenario> fails =
        s ->
            s.operations().stream()
                .anyMatch(
                    op ->
                        op instanceof MakeDirs m
                            && m.paths().stream().anyMatch(p -> ScenarioPaths.depth(p) >= 3));
    assertEquals(List.of(new MakeDirs(List.of("/mnt/a/a"))), shrink(noisy(), fails));
  }

  @Test
  void unshareLosesUserNamespaceAndPropagationOptions() {
    Predicate<Scenario> fails =
        s -> {
          List<Operation> ops = s.operations();
          for (int i = 0; i < ops.size(); i++) {
            if (!(ops.get(i) instanceof Unshare)) continue;
            for (int j = i + 1; j < ops.size(); j++) {
              if (ops.get(j) instanceof ChangeType c && c.type() == Propagation.UNBINDABLE) {
                return true;
              }
            }
          }
          return false;
        };
    assertEquals(
        List.of(
            new Unshare(false, Unshare.NamespacePropagation.PRIVATE),
            new ChangeType(Propagation.UNBINDABLE, false, "/mnt")),
        shrink(noisy(), fails));
  }

  @Test
  void twoMkdirsNeededTogetherFoldIntoOne() {
    Predicate<Scenario> fails =
        s -> {
          long deep =
              s.operations().stream()
                  .filter(op -> op instanceof MakeDirs)
                  .flatMap(op -> ((MakeDirs) op).paths().stream())
                  .filter(p -> p.startsWith("/mnt/srv/") || p.startsWith("/mnt/data/"))
                  .map(p -> p.substring(0, p.indexOf('/', 5)))
                  .distinct()
                  .count();
          return deep == 2;
        };
    // two directories below two different top directories are needed: one mkdir holds both
    assertEquals(
        List.of(new MakeDirs(List.of("/mnt/data/a", "/mnt/srv/a"))), shrink(noisy(), fails));
  }

  /**
   * The umount's target needs depth 2 and the mkdir's path depth 4: dropping a directory from every
   * path would shorten both, so only shortening the one occurrence reaches the minimum.
   */
  @Test
  void oneOccurrenceOfAPathShortensWithoutTheOthers() {
    Predicate<Scenario> fails =
        s -> {
          List<Operation> ops = s.operations();
          for (int i = 0; i < ops.size(); i++) {
            if (!(ops.get(i) instanceof MakeDirs m)
                || m.paths().stream().noneMatch(p -> ScenarioPaths.depth(p) >= 4)) {
              continue;
            }
            for (int j = i + 1; j < ops.size(); j++) {
              if (ops.get(j) instanceof Umount u && ScenarioPaths.depth(u.target()) >= 2) {
                return true;
              }
            }
          }
          return false;
        };
    assertEquals(
        List.of(new MakeDirs(List.of("/mnt/a/a/a")), new Umount("/mnt/a", false)),
        shrink(noisy(new Umount("/mnt/data/x/y", true)), fails));
  }

  private static long count(Scenario s, Class<?> kind) {
    return s.operations().stream().filter(kind::isInstance).count();
  }

  /**
   * Fails with an umount and an even number of binds. The two binds sit on either side of the
   * umount, so no span of adjacent commands removes both without the umount: only dropping the pair
   * reaches the minimum, the umount alone.
   */
  @Test
  void twoCommandsApartCanBeDroppedTogether() {
    Scenario s =
        Scenario.of(
            "pair",
            List.of(
                new MountTmpfs("a", "/mnt"),
                new Bind("/mnt/p", "/mnt/q", false),
                new MakeDirs(List.of("/mnt/z")),
                new Umount("/mnt/u", true),
                new MakeDirs(List.of("/mnt/w")),
                new Bind("/mnt/r", "/mnt/s", false)));
    Predicate<Scenario> fails = x -> count(x, Umount.class) > 0 && count(x, Bind.class) % 2 == 0;
    assertEquals(List.of(new Umount("/mnt", false)), shrink(s, fails));
  }

  /**
   * Fails with an umount when the other commands are none or at least three. The three others name
   * /mnt/d and surround the umount: dropping them one or two at a time passes, so only dropping
   * every command about /mnt/d at once reaches the umount alone.
   */
  @Test
  void theCommandsAboutOneDirectoryCanBeDroppedTogether() {
    Scenario s =
        Scenario.of(
            "directory",
            List.of(
                new MakeDirs(List.of("/mnt/d")),
                new Umount("/mnt/u", true),
                new MountTmpfs("x", "/mnt/d"),
                new Bind("/mnt/d", "/mnt/e", false)));
    Predicate<Scenario> fails =
        x -> {
          long others = x.operations().size() - count(x, Umount.class);
          return count(x, Umount.class) == 1 && (others == 0 || others >= 3);
        };
    assertEquals(List.of(new Umount("/mnt", false)), shrink(s, fails));
  }

  @Test
  void aPredicateThatAlwaysFailsShrinksToTheEmptyScenario() {
    assertEquals(List.of(), shrink(noisy(), s -> true));
  }

  @Test
  void noStepsAllowedLeavesTheScenarioAsItIs() {
    Scenario s = noisy();
    assertEquals(
        s.operations(),
        new ScenarioShrinker()
            .shrink(s, x -> true, new ShrinkLimits(Duration.ofSeconds(5), 0))
            .operations());
  }
}

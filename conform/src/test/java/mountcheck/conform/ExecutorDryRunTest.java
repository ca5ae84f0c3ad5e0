package mountcheck.conform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import mountcheck.engine.Gen;
import mountcheck.engine.Shard;
import mountcheck.kernel.Executor;
import mountcheck.kernel.ExecutorDryRun;
import mountcheck.kernel.ExpectedCalls;
import mountcheck.kernel.RecordedCases;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Step;
import mountcheck.model.text.ScenarioParser;
import mountcheck.properties.catalogue.Catalogue;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The executor's parser checked against {@code model/text}'s by construction (docs/architecture.md
 * §4.1): for every line of every recorded case (selftests and examples included), of the stored
 * counterexamples and of about 450 generated scenarios, the calls {@code perl syscalls.pl explain}
 * plans equal the calls {@link ExpectedCalls} derives from the line's parsed {@code Operation}.
 * Mutants of the perl program (a flag changed, a call dropped, a word misread) must be caught. No
 * kernel is needed, only perl.
 */
class ExecutorDryRunTest {
  private static final Path HOME = Path.of("..").toAbsolutePath().normalize();
  private static final long SEED = 20261205L;

  /** Generated scenarios per family (three families: about 450 in all). */
  private static final int PER_FAMILY = 150;

  /** A scenario's text as a file holds it, with its parsed form. */
  private record Case(String name, String text, Scenario scenario) {}

  @TestFactory
  Stream<DynamicTest> recordedCasesPlanTheExpectedCalls() throws IOException {
    List<Case> cases = recordedCases();
    assertTrue(cases.size() > 120, "recorded cases: " + cases.size());
    Map<String, String> differences = differences(Executor.program(), cases);
    return cases.stream()
        .map(
            c ->
                DynamicTest.dynamicTest(
                    c.name(), () -> assertEquals("", differences.get(c.name()), c.name())));
  }

  @TestFactory
  Stream<DynamicTest> generatedScenariosPlanTheExpectedCalls() throws IOException {
    List<Case> cases = generated();
    assertTrue(cases.size() >= 3 * PER_FAMILY - 10, "generated: " + cases.size());
    Map<String, String> differences = differences(Executor.program(), cases);
    return cases.stream()
        .map(
            c ->
                DynamicTest.dynamicTest(
                    c.name(), () -> assertEquals("", differences.get(c.name()), c.name())));
  }

  @Test
  void theLinesCoverEveryFormOfTheLanguage() throws IOException {
    // a form no case exercises would be checked by nothing: each record type must occur
    List<String> seen = new ArrayList<>();
    for (Case c : allCases())
      for (Step s : c.scenario().steps()) {
        String type = s.operation().getClass().getSimpleName();
        if (!seen.contains(type)) seen.add(type);
      }
    for (String type :
        List.of(
            "MakeDirs",
            "MountTmpfs",
            "Bind",
            "Move",
            "ChangeType",
            "Umount",
            "Unshare",
            "MakeFiles",
            "PersistNamespace",
            "Nsenter",
            "HoldFile",
            "ReleaseFile",
            "ChangeDirectory",
            "RemoveDirs",
            "Remount",
            "OpenTree",
            "MoveMount",
            "CloseDescriptor",
            "MountSetattr",
            "FsOpen",
            "FsConfig",
            "FsMount")) assertTrue(seen.contains(type), "no line of " + type + " is checked");
  }

  @TestFactory
  Stream<DynamicTest> mutantsOfTheExecutorAreCaught() throws IOException {
    List<Case> cases = allCases();
    String program = Executor.program();
    Map<String, String[]> mutants = new LinkedHashMap<>();
    mutants.put(
        "rbind without MS_REC",
        new String[] {"($mode eq '--rbind' ? c('MS_REC') : 0)", "($mode eq '--rbind' ? 0 : 0)"});
    mutants.put(
        "the remount after a bind with options dropped",
        new String[] {
          "push @calls, call('mount', str('none'), str($args[1])",
          "0 && push @calls, call('mount', str('none'), str($args[1])"
        });
    mutants.put("umount -l without MNT_DETACH", new String[] {"num(c('MNT_DETACH'))", "num(0)"});
    mutants.put(
        "a changed flag in the table (MS_SLAVE)",
        new String[] {"'MS_SLAVE' => 1 << 19", "'MS_SLAVE' => 1 << 18"});
    mutants.put(
        "mkdir -p of the first path only",
        new String[] {
          "map { call('mkdir_parents', str($_)) } @w[2 .. $#w]",
          "map { call('mkdir_parents', str($_)) } $w[2]"
        });
    mutants.put(
        "open_tree keeps nothing",
        new String[] {"num($flags))}, keep => $name}", "num($flags))}}"});
    mutants.put(
        "-o words applied without clearing",
        new String[] {"($set & ~$bit, $clear | $bit)", "($set, $clear | $bit)"});
    return mutants.entrySet().stream()
        .map(
            m ->
                DynamicTest.dynamicTest(
                    m.getKey(),
                    () -> {
                      String[] change = m.getValue();
                      assertTrue(program.contains(change[0]), "mutation site gone: " + change[0]);
                      String mutant = program.replace(change[0], change[1]);
                      assertNotEquals(
                          0,
                          differences(mutant, cases).values().stream()
                              .filter(d -> !d.isEmpty())
                              .count(),
                          m.getKey() + ": no case tells the mutant from the executor");
                    }));
  }

  private static List<Case> allCases() throws IOException {
    List<Case> all = new ArrayList<>(recordedCases());
    all.addAll(generated());
    all.add(everyForm());
    return all;
  }

  @Test
  void everyFormOfLineWrittenByHandPlansTheExpectedCalls() throws IOException {
    Case c = everyForm();
    assertEquals("", differences(Executor.program(), List.of(c)).get(c.name()));
  }

  /**
   * One line of each form, with the spellings docs/language.md allows besides the printed ones
   * (options before the mode, a trailing comment, tabs), for the forms no recorded case holds yet.
   */
  private static Case everyForm() {
    String text =
        String.join(
            "\n",
            "mount -t tmpfs -o ro,rw,nosuid top /mnt # a comment",
            "mkdir -p /mnt/a /mnt/b",
            "mount -o nodev --rbind /mnt/a /mnt/b",
            "mount -o bind /mnt/a /mnt/b",
            "mount\t--bind /mnt/a\t/mnt/b",
            "mount --bind -o remount,ro /mnt/b",
            "mountfd fsopen f tmpfs",
            "mountfd fsconfig f source lbl",
            "mountfd fsconfig f create",
            "mountfd fsmount m f attr=ro,noatime",
            "mountfd fsmount n f",
            "mountfd move_mount m /mnt/a",
            "mountfd open_tree t m",
            "mountfd mount_setattr t propagation=shared attr_clr=atime attr_set=strictatime",
            "mountfd close f",
            "touch /mnt/a/x",
            "rmdir /mnt/b",
            "umount -l /mnt/a",
            "");
    return new Case("every-form.sh", text, ScenarioParser.parse("every-form.sh", text));
  }

  /** The recorded cases (conformance/, its selftests, examples/) and the counterexamples. */
  private static List<Case> recordedCases() throws IOException {
    List<Path> files = new ArrayList<>(RecordedCases.scenarios(HOME));
    try (Stream<Path> stored = Files.list(HOME.resolve("counterexamples"))) {
      stored.filter(p -> p.toString().endsWith(".sh")).sorted().forEach(files::add);
    }
    List<Case> out = new ArrayList<>();
    for (Path file : files) {
      String text = Files.readString(file, StandardCharsets.UTF_8);
      String name = HOME.relativize(file).toString();
      out.add(new Case(name, text, ScenarioParser.parse(name, text)));
    }
    return out;
  }

  /**
   * Generated scenarios of three families, each line as {@code Operation.toCommand()} prints it.
   */
  private static List<Case> generated() {
    List<Case> out = new ArrayList<>();
    List<Gen<Scenario>> families =
        List.of(
            Catalogue.scenarios(),
            Catalogue.scenariosWithLiveNamespaces(1.0),
            Catalogue.scenariosWithFdApi());
    for (int f = 0; f < families.size(); f++)
      for (Scenario s :
          MatrixConformance.generate(SEED + 1000L * f, PER_FAMILY, Shard.WHOLE, families.get(f))) {
        StringBuilder text = new StringBuilder();
        for (Step step : s.steps()) text.append(step.operation().toCommand()).append('\n');
        String name = "family-" + f + "-" + s.name();
        out.add(new Case(name, text.toString(), Scenario.of(name, s.operations())));
      }
    return out;
  }

  /**
   * For each case, where the dry run of {@code program} and {@link ExpectedCalls} part (empty when
   * they agree): all cases in one perl run, each at its own line offset.
   */
  private static Map<String, String> differences(String program, List<Case> cases)
      throws IOException {
    StringBuilder all = new StringBuilder();
    List<Integer> offsets = new ArrayList<>();
    int offset = 0;
    for (Case c : cases) {
      String text = c.text().endsWith("\n") ? c.text() : c.text() + "\n";
      offsets.add(offset);
      all.append(text);
      offset += (int) text.chars().filter(ch -> ch == '\n').count();
    }
    Map<Integer, List<String>> planned = ExecutorDryRun.explain(program, all.toString());
    Map<String, String> out = new LinkedHashMap<>();
    for (int i = 0; i < cases.size(); i++) {
      Case c = cases.get(i);
      StringBuilder d = new StringBuilder();
      int lines = 0;
      for (Step s : c.scenario().steps()) {
        lines++;
        List<String> expected = ExpectedCalls.explained(s.operation());
        List<String> got = planned.get(offsets.get(i) + s.line());
        if (!expected.equals(got))
          d.append("line ")
              .append(s.line())
              .append(" '")
              .append(s.operation().toCommand())
              .append("': expected ")
              .append(expected)
              .append(", the executor plans ")
              .append(got)
              .append('\n');
      }
      int start = offsets.get(i);
      int end = i + 1 < cases.size() ? offsets.get(i + 1) : offset;
      long planLines = planned.keySet().stream().filter(k -> k > start && k <= end).count();
      if (planLines != lines)
        d.append("the executor reads ")
            .append(planLines)
            .append(" command lines, the parser ")
            .append(lines)
            .append('\n');
      out.put(c.name(), d.toString());
    }
    return out;
  }
}

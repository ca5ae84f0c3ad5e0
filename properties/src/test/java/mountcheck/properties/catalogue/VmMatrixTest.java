package mountcheck.properties.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import mountcheck.kernel.KernelBackend;
import mountcheck.kernel.KernelImages;
import mountcheck.kernel.KernelRecorder;
import mountcheck.kernel.KernelRequirement;
import mountcheck.kernel.KernelUnavailableException;
import mountcheck.kernel.RecordedCases;
import mountcheck.kernel.ScenarioScript;
import mountcheck.kernel.StepComparison;
import mountcheck.kernel.VmBackend;
import mountcheck.model.kernels.Kernel;
import mountcheck.model.kernels.Kernels;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.KernelProfile;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ExpectedOutcome;
import mountcheck.model.text.ModelAnswer;
import mountcheck.model.text.OutcomeDiff;
import mountcheck.model.text.ScenarioParser;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The live kernel matrix: every guest kernel (5.10, 6.1, 6.12, 7.2) boots under QEMU and runs, in
 * one boot per kernel, every recorded case (its answer must equal the kernel's recording), 20
 * generated scenarios (the model under the kernel's profile must agree) and fs.mount-max probes at
 * small limits (ENOSPC at the same line as the model's). The recorded cases and the generated
 * scenarios are compared with the model step by step too: the table after every line must agree,
 * and the first step where they part is named. Two kernels boot at a time.
 *
 * <p>Runs only with {@code -Dmountcheck.vmMatrix=true} or {@code -Dmountcheck.requireKernel=true}
 * (CI; the properties module's {@code vm-matrix} profiles, without which Surefire leaves the class
 * out); then it fails, never skips, when QEMU or a kernel image cannot be had.
 */
class VmMatrixTest {
  static final String ENABLE = "mountcheck.vmMatrix";
  private static final Path HOME = Path.of("..").toAbsolutePath().normalize();
  private static final long SEED = 20261130L;
  private static final int GENERATED = 20;

  /** fs.mount-max probes: a chain of tmpfs mounts and an rbind that needs more than the limit. */
  static final List<Integer> LIMITS = List.of(5, 8);

  static Scenario mountMaxProbe() {
    return ScenarioParser.parse(
        "mount-max-probe.sh",
        String.join(
            "\n",
            "mount -t tmpfs root /mnt",
            "mkdir -p /mnt/a /mnt/b /mnt/c /mnt/d /mnt/e /mnt/r",
            "mount -t tmpfs a /mnt/a",
            "mount -t tmpfs b /mnt/b",
            "mount --rbind /mnt /mnt/r",
            "mount -t tmpfs c /mnt/c",
            "mount -t tmpfs d /mnt/d",
            "mount -t tmpfs e /mnt/e",
            ""));
  }

  @BeforeAll
  static void enabled() {
    boolean required = KernelRequirement.required();
    Assumptions.assumeTrue(
        Boolean.getBoolean(ENABLE) || required,
        "live VM matrix not requested (-D"
            + ENABLE
            + "=true or -D"
            + KernelRequirement.PROPERTY
            + "=true)");
    String missing = VmBackend.qemuMissing();
    if (missing != null)
      throw new AssertionError(
          "-D" + (required ? KernelRequirement.PROPERTY : ENABLE) + "=true but " + missing);
  }

  /** The guest kernels to boot: all, or those listed in -Dmountcheck.vmMatrix.kernels=A,B. */
  static List<Kernel> kernels() {
    String only = System.getProperty(ENABLE + ".kernels", "");
    return only.isBlank()
        ? Kernels.guests()
        : Stream.of(only.split(",")).map(k -> Kernels.byName(k).orElseThrow()).toList();
  }

  private record KernelRun(List<String> problems, String summary) {}

  @TestFactory
  List<DynamicTest> everyGuestKernelAgreesWithItsRecordingsAndTheModel() throws Exception {
    List<Path> cases = RecordedCases.guestScenarios(HOME);
    List<Scenario> generated = MatrixConformance.generate(SEED, GENERATED);
    Map<Kernel, KernelRun> results = new ConcurrentHashMap<>();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    List<Future<?>> futures = new ArrayList<>();
    for (Kernel kernel : kernels())
      futures.add(pool.submit(() -> results.put(kernel, runKernel(kernel, cases, generated))));
    for (Future<?> f : futures) f.get();
    pool.shutdown();
    List<DynamicTest> tests = new ArrayList<>();
    for (Kernel kernel : kernels()) {
      KernelRun r = results.get(kernel);
      System.err.println("[mountcheck] vm matrix " + kernel + ": " + r.summary());
      tests.add(
          DynamicTest.dynamicTest(
              kernel.name(),
              () -> assertEquals(List.of(), r.problems(), kernel + ": " + r.summary())));
    }
    return tests;
  }

  private static KernelRun runKernel(Kernel kernel, List<Path> cases, List<Scenario> generated) {
    List<String> problems = new ArrayList<>();
    try {
      VmBackend vm =
          new VmBackend(
              KernelImages.named(kernel, HOME),
              Duration.ofSeconds(60),
              line -> System.err.println("[mountcheck] " + line));
      KernelProfile profile = kernel.profile();
      List<Scenario> all = new ArrayList<>();
      List<Integer> limits = new ArrayList<>();
      for (Path c : cases) {
        all.add(
            ScenarioParser.parse(
                HOME.relativize(c).toString(), Files.readString(c, StandardCharsets.UTF_8)));
        limits.add(null);
      }
      all.addAll(generated);
      limits.addAll(Collections.nCopies(generated.size(), null));
      for (int limit : LIMITS) {
        all.add(mountMaxProbe());
        limits.add(limit);
      }
      List<KernelBackend.ScenarioRun> runs = vm.runAll(all, limits);
      int recordedAgree = 0;
      int generatedAgree = 0;
      int stepsAgree = 0;
      int stepsCompared = 0;
      for (int i = 0; i < runs.size(); i++) {
        KernelBackend.ScenarioRun r = runs.get(i);
        String name = r.scenario().name();
        if (!r.ok()) {
          problems.add(name + ": " + r.error().getMessage());
          continue;
        }
        if (i < cases.size() + generated.size() && StepComparison.comparable(r.result())) {
          stepsCompared++;
          String step = StepComparison.firstDifference(profile, r.scenario(), r.result());
          if (step == null) stepsAgree++;
          else problems.add(name + " (model " + kernel.series() + ", per step): " + step);
        }
        if (i < cases.size()) {
          Path answer = RecordedCases.expected(HOME, cases.get(i), kernel);
          ExpectedOutcome recorded =
              ExpectedOutcome.parse(
                  answer.toString(), Files.readString(answer, StandardCharsets.UTF_8));
          String d = KernelRecorder.difference(recorded, r.result());
          if (d.isEmpty()) recordedAgree++;
          else problems.add(name + " differs from its recording: " + d);
        } else if (i < cases.size() + generated.size()) {
          List<String> d =
              MatrixConformance.finalDifference(profile, r.scenario(), r.result(), vm.release());
          if (d.isEmpty()) generatedAgree++;
          else problems.add(name + " (model " + kernel.series() + "): " + String.join("; ", d));
        } else {
          int limit = limits.get(i);
          ScenarioRunner.Run model =
              new ScenarioRunner(Model.forKernel(profile))
                  .run(
                      r.scenario(),
                      MountTable.initial(limit, r.result().mountsBefore(), List.of()));
          List<String> d =
              OutcomeDiff.of(
                  "model",
                  ModelAnswer.of(model, profile),
                  "kernel",
                  KernelRecorder.outcome(r.result(), vm.release(), Instant.EPOCH));
          boolean enospc = r.result().failures().stream().anyMatch(o -> o.errno().equals("ENOSPC"));
          if (!d.isEmpty()) problems.add("fs.mount-max=" + limit + ": " + String.join("; ", d));
          if (!enospc) problems.add("fs.mount-max=" + limit + ": no ENOSPC in the guest");
        }
      }
      String summary =
          String.format(
              "%s: recorded %d/%d agree, generated %d/%d agree (seed %d), per step %d/%d agree"
                  + " (the others grew past %d mounts), mount-max probes %s, boot %.1f s,"
                  + " %.2f scenarios/s after boot",
              vm.release(),
              recordedAgree,
              cases.size(),
              generatedAgree,
              generated.size(),
              SEED,
              stepsAgree,
              stepsCompared,
              ScenarioScript.MAX_STEP_ROWS,
              LIMITS,
              vm.lastBootSeconds(),
              vm.lastRunCount() / vm.lastRunSeconds());
      return new KernelRun(problems, summary);
    } catch (IOException | RuntimeException | KernelUnavailableException e) {
      problems.add("cannot run kernel " + kernel + ": " + e);
      return new KernelRun(problems, "not run");
    }
  }
}

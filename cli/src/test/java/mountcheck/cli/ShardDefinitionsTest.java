package mountcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import mountcheck.model.kernels.Kernel;
import mountcheck.model.kernels.Kernels;
import mountcheck.properties.engine.Shard;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * The checked-in definitions for existing engines (GitHub Actions, GitLab CI, a Kubernetes Indexed
 * Job) parse as YAML and run a kernel x shard campaign: every kernel the CLI knows (host and the
 * guest kernels) times every shard. Each job's shell script is run in bash for every matrix cell
 * (or completion index), with {@code ./mountcheck} replaced by a recorder; the recorded command
 * lines go through the CLI's own picocli parser (options, {@code --shard I/N} conversion), and
 * together they must run check and conform exactly once for each (kernel, shard) pair, and the
 * merge must read every file the shards write and name the kernels.
 */
class ShardDefinitionsTest {
  private static final Path ROOT = Path.of("..");

  /** The kernel axis every definition must have: the host and every guest kernel, in order. */
  private static final List<String> KERNELS =
      Stream.concat(Stream.of(Kernels.host()), Kernels.guests().stream())
          .map(Kernel::name)
          .toList();

  @TempDir Path tmp;

  /** One recorded call of ./mountcheck, parsed by the CLI. */
  private record Call(String command, ParseResult parsed, List<String> words) {
    String option(String name) {
      return parsed.subcommand().hasMatchedOption(name)
          ? String.valueOf((Object) parsed.subcommand().matchedOptionValue(name, null))
          : null;
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void gitHubActionsRunsKernelByShardAndMergesInAFinalJob() throws Exception {
    Map<String, Object> wf = load(".github/workflows/shards.yml").get(0);
    Map<String, String> env = strings((Map<String, Object>) wf.get("env"));
    int n = Integer.parseInt(env.get("SHARDS"));
    Map<String, Object> jobs = (Map<String, Object>) wf.get("jobs");
    Map<String, Object> shard = (Map<String, Object>) jobs.get("shard");
    Map<String, Object> matrix =
        (Map<String, Object>) ((Map<String, Object>) shard.get("strategy")).get("matrix");
    assertEquals(KERNELS, matrix.get("kernel"));
    assertEquals(IntStream.range(0, n).boxed().toList(), matrix.get("shard"));
    assertEquals(String.join(",", KERNELS), env.get("KERNELS"));
    // guests run in a Debian container (the kernel images come from its archive), host on the VM
    assertEquals(
        "${{ matrix.kernel != 'host' && 'debian:trixie' || '' }}",
        ((Map<String, Object>) shard.get("container")).get("image"));
    List<Map<String, Object>> steps = (List<Map<String, Object>>) shard.get("steps");
    assertTrue(
        steps.stream()
            .anyMatch(
                s ->
                    "matrix.kernel != 'host'".equals(s.get("if"))
                        && String.valueOf(s.get("run")).contains("install")
                        && String.valueOf(s.get("run")).contains("qemu-system-x86")),
        "the guest kernels' jobs install qemu-system-x86");
    assertTrue(String.valueOf(steps).contains("actions/upload-artifact"), String.valueOf(steps));
    Map<String, String> inputs = new LinkedHashMap<>();
    ((Map<String, Object>) ((Map<String, Object>) onOf(wf).get("workflow_dispatch")).get("inputs"))
        .forEach((k, v) -> inputs.put(k, String.valueOf(((Map<String, Object>) v).get("default"))));

    Path work = Files.createDirectories(tmp.resolve("github"));
    List<Call> calls = new ArrayList<>();
    for (String kernel : KERNELS) {
      for (int i = 0; i < n; i++) {
        List<Call> cell = new ArrayList<>();
        for (Map<String, Object> step : steps) {
          String run = (String) step.get("run");
          if (run == null || run.contains("apt-get")) continue;
          String script = run.replace("${{ matrix.kernel }}", kernel);
          script = script.replace("${{ matrix.shard }}", Integer.toString(i));
          for (Map.Entry<String, String> in : inputs.entrySet())
            script = script.replace("${{ inputs." + in.getKey() + " }}", in.getValue());
          assertFalse(script.contains("${{"), script);
          cell.addAll(runRecorded(script, work, env));
        }
        assertCell(cell, kernel, i, n);
        calls.addAll(cell);
      }
    }
    assertCoversEveryPair(calls, n);
    // the artifacts (results/KERNEL-SHARD/...) are downloaded into shards/
    Files.move(work.resolve("results"), work.resolve("shards"));
    Map<String, Object> merge = (Map<String, Object>) jobs.get("merge");
    assertEquals("shard", merge.get("needs"));
    assertEquals("always()", merge.get("if"));
    List<Call> merged = new ArrayList<>();
    for (Map<String, Object> step : (List<Map<String, Object>>) merge.get("steps"))
      if (step.get("run") != null) merged.addAll(runRecorded((String) step.get("run"), work, env));
    assertMerge(merged, n);
  }

  @Test
  @SuppressWarnings("unchecked")
  void gitLabRunsAKernelByShardParallelMatrixAndMerges() throws Exception {
    Map<String, Object> ci = load(".gitlab-ci.yml").get(0);
    Map<String, String> vars = strings((Map<String, Object>) ci.get("variables"));
    int n = Integer.parseInt(vars.get("SHARDS"));
    assertEquals(String.join(",", KERNELS), vars.get("KERNELS"));
    Map<String, Object> shard = (Map<String, Object>) ci.get("shard");
    List<Map<String, Object>> matrix =
        (List<Map<String, Object>>) ((Map<String, Object>) shard.get("parallel")).get("matrix");
    assertEquals(1, matrix.size());
    assertEquals(KERNELS, matrix.get(0).get("KERNEL"));
    assertEquals(
        IntStream.range(0, n).mapToObj(Integer::toString).toList(), matrix.get(0).get("SHARD"));
    String setup = String.valueOf(((Map<String, Object>) ci.get("default")).get("before_script"));
    assertTrue(setup.contains("qemu-system-x86"), setup);

    Path work = Files.createDirectories(tmp.resolve("gitlab"));
    List<Call> calls = new ArrayList<>();
    for (String kernel : KERNELS) {
      for (int i = 0; i < n; i++) {
        Map<String, String> env = new LinkedHashMap<>(vars);
        env.put("KERNEL", kernel);
        env.put("SHARD", Integer.toString(i));
        List<Call> cell =
            runRecorded(String.join("\n", (List<String>) shard.get("script")), work, env);
        assertCell(cell, kernel, i, n);
        calls.addAll(cell);
      }
    }
    assertCoversEveryPair(calls, n);
    Map<String, Object> merge = (Map<String, Object>) ci.get("merge");
    assertEquals(List.of("shard"), merge.get("needs"));
    assertEquals("always", merge.get("when"));
    assertMerge(runRecorded(String.join("\n", (List<String>) merge.get("script")), work, vars), n);
  }

  @Test
  @SuppressWarnings("unchecked")
  void kubernetesIndexedJobMapsTheCompletionIndexToKernelAndShard() throws Exception {
    List<Map<String, Object>> docs = load("deploy/kubernetes/mountcheck-shards.yaml");
    Map<String, Object> job =
        docs.stream().filter(d -> "Job".equals(d.get("kind"))).findFirst().orElseThrow();
    assertEquals("batch/v1", job.get("apiVersion"));
    Map<String, Object> spec = (Map<String, Object>) job.get("spec");
    assertEquals("Indexed", spec.get("completionMode"));
    Map<String, Object> container = container(spec);
    Map<String, String> env = envOf(container);
    int n = Integer.parseInt(env.get("SHARDS"));
    assertEquals(String.join(",", KERNELS), env.get("KERNELS"));
    assertEquals(KERNELS.size() * n, spec.get("completions"));
    String script = ((List<String>) container.get("args")).get(0);
    assertTrue(script.contains("qemu-system-x86"), script);

    Path work = Files.createDirectories(tmp.resolve("kubernetes"));
    Path results = work.resolve("results");
    List<Call> calls = new ArrayList<>();
    Set<String> pairs = new HashSet<>();
    for (int index = 0; index < KERNELS.size() * n; index++) {
      Map<String, String> e = new LinkedHashMap<>(env);
      e.put("JOB_COMPLETION_INDEX", Integer.toString(index));
      List<Call> pod = runRecorded(podScript(script, results), work, e);
      // index = kernel's position x SHARDS + shard, as the manifest's comment says
      String kernel = KERNELS.get(index / n);
      assertCell(pod, kernel, index % n, n);
      assertTrue(pairs.add(kernel + " " + index % n), "two indices run " + kernel);
      calls.addAll(pod);
    }
    assertCoversEveryPair(calls, n);

    Map<String, Object> merge = load("deploy/kubernetes/mountcheck-merge.yaml").get(0);
    assertEquals("Job", merge.get("kind"));
    Map<String, Object> mc = container((Map<String, Object>) merge.get("spec"));
    assertEquals(env.get("KERNELS"), envOf(mc).get("KERNELS"));
    assertMerge(
        runRecorded(podScript(((List<String>) mc.get("args")).get(0), results), work, envOf(mc)),
        n);
  }

  /** One matrix cell ran check and conform on its kernel and shard, with one seed. */
  private static void assertCell(List<Call> cell, String kernel, int i, int n) {
    assertEquals(
        List.of("check", "conform"), cell.stream().map(Call::command).toList(), kernel + i);
    for (Call c : cell) {
      assertEquals(kernel, c.option("--kernel"), c.words().toString());
      assertEquals(new Shard(i, n).toString(), c.option("--shard"), c.words().toString());
      assertEquals("JSON", c.option("--format").toUpperCase(Locale.ROOT));
      assertTrue(c.option("--seed") != null, c.words().toString());
    }
    assertEquals(cell.get(0).option("--seed"), cell.get(1).option("--seed"));
  }

  /** Over all cells: check and conform ran exactly once on every (kernel, shard) pair. */
  private static void assertCoversEveryPair(List<Call> calls, int n) {
    Set<String> seen = new HashSet<>();
    for (Call c : calls)
      assertTrue(
          seen.add(c.command() + " " + c.option("--kernel") + " " + c.option("--shard")),
          "twice: " + c.words());
    assertEquals(2 * KERNELS.size() * n, seen.size(), seen.toString());
    assertEquals(1, calls.stream().map(c -> c.option("--seed")).distinct().count());
  }

  /** The merge reads every file the shards wrote and names the kernels. */
  private static void assertMerge(List<Call> merged, int n) {
    assertEquals(1, merged.size(), merged.toString());
    Call m = merged.get(0);
    assertEquals("merge", m.command());
    assertEquals(
        String.join(",", KERNELS),
        String.join(
            ",", m.parsed().subcommand().matchedOptionValue("--kernels", List.<String>of())));
    List<String> files =
        m.parsed().subcommand().matchedPositionalValue(0, List.<Path>of()).stream()
            .map(Object::toString)
            .toList();
    assertEquals(2 * KERNELS.size() * n, files.size(), files.toString());
    for (String k : KERNELS)
      for (int i = 0; i < n; i++)
        for (String f : List.of("check.jsonl", "conform.jsonl")) {
          String suffix = "/" + k + "-" + i + "/" + f;
          assertTrue(files.stream().anyMatch(x -> x.endsWith(suffix)), suffix + " in " + files);
        }
  }

  /** A pod's script with the shared volume /results moved into the test's directory. */
  private static String podScript(String script, Path results) {
    return script.replace("/results", results.toString());
  }

  /**
   * Runs {@code script} in bash (as the engines do, errexit and pipefail) in {@code dir} with
   * {@code ./mountcheck}, apt-get, git and cd replaced by stand-ins: each mountcheck call's words
   * are recorded and parsed by the CLI's picocli parser, which rejects unknown options and bad
   * values (a --shard that is not I/N).
   */
  private List<Call> runRecorded(String script, Path dir, Map<String, String> env)
      throws IOException, InterruptedException {
    Path calls = Files.createTempDirectory(tmp, "calls");
    String prelude =
        String.join(
            "\n",
            "mountcheck_recorded() {",
            "  local n; n=$(ls \"$CALLS\" | wc -l)",
            "  printf '%s\\0' \"$@\" > \"$CALLS/$(printf %05d \"$n\")\"",
            "}",
            "apt-get() { :; }",
            "git() { :; }",
            "cd() { :; }",
            "");
    ProcessBuilder pb =
        new ProcessBuilder(
                "bash",
                "--noprofile",
                "--norc",
                "-eo",
                "pipefail",
                "-c",
                prelude + script.replace("./mountcheck", "mountcheck_recorded"))
            .directory(dir.toFile())
            .redirectErrorStream(true);
    pb.environment().putAll(env);
    pb.environment().put("CALLS", calls.toString());
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), script);
    assertEquals(0, p.exitValue(), script + "\n" + out);
    List<Call> recorded = new ArrayList<>();
    try (Stream<Path> files = Files.list(calls)) {
      for (Path f : files.sorted().toList()) {
        String text = Files.readString(f, StandardCharsets.UTF_8);
        List<String> words = List.of(text.substring(0, text.length() - 1).split("\0", -1));
        CommandLine cl = Main.commandLine();
        ParseResult parsed;
        try {
          parsed = cl.parseArgs(words.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
          throw new AssertionError("not a valid mountcheck call: " + words + ": " + e.getMessage());
        }
        assertTrue(parsed.hasSubcommand(), words.toString());
        recorded.add(new Call(words.get(0), parsed, words));
      }
    }
    return recorded;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> container(Map<String, Object> jobSpec) {
    return ((List<Map<String, Object>>)
            ((Map<String, Object>) ((Map<String, Object>) jobSpec.get("template")).get("spec"))
                .get("containers"))
        .get(0);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, String> envOf(Map<String, Object> container) {
    Map<String, String> env = new LinkedHashMap<>();
    for (Map<String, Object> e : (List<Map<String, Object>>) container.get("env"))
      env.put((String) e.get("name"), String.valueOf(e.get("value")));
    return env;
  }

  private static Map<String, String> strings(Map<String, Object> map) {
    Map<String, String> out = new LinkedHashMap<>();
    map.forEach((k, v) -> out.put(k, String.valueOf(v)));
    return out;
  }

  /** YAML 1.1 reads the key {@code on} as true. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> onOf(Map<String, Object> wf) {
    Object on =
        wf.containsKey("on")
            ? wf.get("on")
            : ((Map<Object, Object>) (Map<?, ?>) wf).get(Boolean.TRUE);
    return (Map<String, Object>) on;
  }

  private static List<Map<String, Object>> load(String file) throws IOException {
    List<Map<String, Object>> docs = new ArrayList<>();
    for (Object d : new Yaml().loadAll(Files.readString(ROOT.resolve(file)))) {
      if (d != null) {
        assertTrue(d instanceof Map, file + " is not a mapping");
        @SuppressWarnings("unchecked")
        Map<String, Object> map = (Map<String, Object>) d;
        docs.add(map);
      }
    }
    assertFalse(docs.isEmpty(), file);
    return docs;
  }
}

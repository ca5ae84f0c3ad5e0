package mountcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;
import picocli.CommandLine;

/**
 * The checked-in definitions for existing engines (GitHub Actions, GitLab CI, a Kubernetes Indexed
 * Job) parse as YAML, have the shape their engine needs to run the shards of one campaign and merge
 * them, and call only real mountcheck commands and options.
 */
class ShardDefinitionsTest {
  private static final Path ROOT = Path.of("..");
  private static final Pattern INVOCATION = Pattern.compile("\\./mountcheck\\s+([^\\n>|;&]*)");

  @Test
  @SuppressWarnings("unchecked")
  void gitHubActionsRunsAKernelByShardMatrixAndMergesInAFinalJob() throws IOException {
    Map<String, Object> wf = load(".github/workflows/shards.yml").get(0);
    Map<String, Object> jobs = (Map<String, Object>) wf.get("jobs");
    Map<String, Object> shard = (Map<String, Object>) jobs.get("shard");
    Map<String, Object> matrix =
        (Map<String, Object>) ((Map<String, Object>) shard.get("strategy")).get("matrix");
    assertFalse(((List<Object>) matrix.get("kernel")).isEmpty());
    int n = Integer.parseInt((String) ((Map<String, Object>) wf.get("env")).get("SHARDS"));
    assertEquals(IntStream.range(0, n).boxed().toList(), matrix.get("shard"));
    String steps = String.valueOf(shard.get("steps"));
    assertTrue(steps.contains("actions/upload-artifact"), steps);
    assertTrue(steps.contains("--shard \"${{ matrix.shard }}/$SHARDS\""), steps);
    Map<String, Object> merge = (Map<String, Object>) jobs.get("merge");
    assertEquals("shard", merge.get("needs"));
    assertEquals("always()", merge.get("if"));
    assertTrue(String.valueOf(merge.get("steps")).contains("./mountcheck merge"));
  }

  @Test
  @SuppressWarnings("unchecked")
  void gitLabRunsAParallelMatrixAndMerges() throws IOException {
    Map<String, Object> ci = load(".gitlab-ci.yml").get(0);
    Map<String, Object> shard = (Map<String, Object>) ci.get("shard");
    List<Map<String, Object>> matrix =
        (List<Map<String, Object>>) ((Map<String, Object>) shard.get("parallel")).get("matrix");
    int n = Integer.parseInt((String) ((Map<String, Object>) ci.get("variables")).get("SHARDS"));
    assertEquals(
        IntStream.range(0, n).mapToObj(Integer::toString).toList(), matrix.get(0).get("SHARD"));
    assertFalse(((List<Object>) matrix.get(0).get("KERNEL")).isEmpty());
    assertTrue(String.valueOf(shard.get("script")).contains("--shard \"$SHARD/$SHARDS\""));
    Map<String, Object> merge = (Map<String, Object>) ci.get("merge");
    assertEquals(List.of("shard"), merge.get("needs"));
    assertTrue(String.valueOf(merge.get("script")).contains("./mountcheck merge"));
  }

  @Test
  @SuppressWarnings("unchecked")
  void kubernetesIndexedJobSelectsTheShardByCompletionIndex() throws IOException {
    List<Map<String, Object>> docs = load("deploy/kubernetes/mountcheck-shards.yaml");
    Map<String, Object> job =
        docs.stream().filter(d -> "Job".equals(d.get("kind"))).findFirst().orElseThrow();
    assertEquals("batch/v1", job.get("apiVersion"));
    Map<String, Object> spec = (Map<String, Object>) job.get("spec");
    assertEquals("Indexed", spec.get("completionMode"));
    Map<String, Object> container =
        ((List<Map<String, Object>>)
                ((Map<String, Object>) ((Map<String, Object>) spec.get("template")).get("spec"))
                    .get("containers"))
            .get(0);
    String shards =
        ((List<Map<String, Object>>) container.get("env"))
            .stream()
                .filter(e -> e.get("name").equals("SHARDS"))
                .map(e -> (String) e.get("value"))
                .findFirst()
                .orElseThrow();
    assertEquals(Integer.parseInt(shards), spec.get("completions"));
    assertTrue(
        String.valueOf(container.get("args"))
            .contains("--shard \"$JOB_COMPLETION_INDEX/$SHARDS\""));
    Map<String, Object> merge = load("deploy/kubernetes/mountcheck-merge.yaml").get(0);
    assertEquals("Job", merge.get("kind"));
    assertTrue(String.valueOf(merge).contains("./mountcheck merge"));
  }

  @Test
  void everyDefinitionCallsRealCommandsAndOptions() throws IOException {
    int calls = 0;
    for (String file :
        List.of(
            ".github/workflows/shards.yml",
            ".gitlab-ci.yml",
            "deploy/kubernetes/mountcheck-shards.yaml",
            "deploy/kubernetes/mountcheck-merge.yaml")) {
      Matcher m = INVOCATION.matcher(Files.readString(ROOT.resolve(file)));
      while (m.find()) {
        calls++;
        List<String> words = new ArrayList<>(List.of(m.group(1).strip().split("\\s+")));
        CommandLine cl = Main.commandLine();
        String sub = words.remove(0);
        CommandLine command = cl.getSubcommands().get(sub);
        assertNotNull(command, file + ": no mountcheck command '" + sub + "'");
        for (String w : words) {
          if (!w.startsWith("--")) continue;
          String option = w.contains("=") ? w.substring(0, w.indexOf('=')) : w;
          assertNotNull(
              command.getCommandSpec().findOption(option),
              file + ": 'mountcheck " + sub + "' has no option " + option);
        }
      }
    }
    assertTrue(calls >= 7, "found " + calls + " mountcheck calls");
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

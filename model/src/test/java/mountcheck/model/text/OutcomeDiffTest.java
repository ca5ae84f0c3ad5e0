package mountcheck.model.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The lines that tell two answers to one scenario apart: failures, tables, held namespaces. */
class OutcomeDiffTest {
  private static ExpectedOutcome outcome(String text) {
    return ExpectedOutcome.parse("x.expected", text);
  }

  @Test
  void failuresTableAndHeldNamespacesAreEachCompared() {
    ExpectedOutcome model =
        outcome(
            "fail 3 EINVAL\nfail 5 EBUSY\nmountinfo:\n"
                + "63 43 0:39 / /mnt rw shared:1 - tmpfs a rw\n");
    ExpectedOutcome kernel =
        outcome(
            "mountinfo:\n63 43 0:39 / /mnt rw - tmpfs a rw\n"
                + "mountinfo of namespace /mnt/ns:\n70 1 0:40 / /mnt rw - tmpfs b rw\n");
    assertEquals(
        List.of(
            "failing lines: model 3 EINVAL, 5 EBUSY; kernel none",
            "/mnt: peers: model {/mnt}, kernel -",
            "namespaces held by files: model none; kernel /mnt/ns"),
        OutcomeDiff.of("model", model, "kernel", kernel));
    assertEquals(
        List.of("namespaces held by files: model /mnt/ns; kernel none"),
        OutcomeDiff.namespaces("model", kernel, "kernel", model));
  }

  @Test
  void theTablesOfANamespaceHeldOnBothSidesAreCompared() {
    String main = "mountinfo:\n63 43 0:39 / /mnt rw - tmpfs a rw\n";
    ExpectedOutcome model =
        outcome(main + "mountinfo of namespace /mnt/ns:\n70 1 0:40 / /mnt rw - tmpfs b rw\n");
    ExpectedOutcome kernel =
        outcome(main + "mountinfo of namespace /mnt/ns:\n70 1 0:40 / /mnt rw - tmpfs c rw\n");
    assertEquals(
        List.of("namespace /mnt/ns:", "/mnt: source: model b, kernel c"),
        OutcomeDiff.of("model", model, "kernel", kernel));
    assertEquals(List.of(), OutcomeDiff.of("model", model, "kernel", model));
  }
}

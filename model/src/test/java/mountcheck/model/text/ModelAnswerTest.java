package mountcheck.model.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.KernelProfile;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import org.junit.jupiter.api.Test;

/** The model's answer shown as a given kernel shows it: its tmpfs superblock options. */
class ModelAnswerTest {
  private static final KernelProfile SIZED = new KernelProfile("2025", Set.of(), "rw,size=4k");

  private static MountInfoRow row(String fsType, String superOptions) {
    return new MountInfoRow(63, 1, 0, 39, "/", "/mnt", "rw", List.of(), fsType, "s", superOptions);
  }

  @Test
  void onlyTmpfsRowsTakeTheProfilesSuperOptions() {
    assertEquals(
        List.of(row("tmpfs", "rw,size=4k"), row("nsfs", "rw")),
        ModelAnswer.rows(List.of(row("tmpfs", "rw"), row("nsfs", "rw")), SIZED));
  }

  @Test
  void theMainTableAndEveryHeldNamespaceUseTheProfile() {
    Scenario s =
        ScenarioParser.parse(
            "t.sh",
            "mount -t tmpfs host /mnt\nmkdir -p /mnt/ns\nmount --bind /mnt/ns /mnt/ns\n"
                + "mount --make-private /mnt/ns\ntouch /mnt/ns/c1\n"
                + "unshare -m --mount=/mnt/ns/c1 true\n");
    ScenarioRunner.Run r = new ScenarioRunner(Model.linux()).run(s, MountTable.initial(100000, 1));
    ExpectedOutcome shown = ModelAnswer.of(r, SIZED);
    assertEquals(List.of("# answered by the mountcheck model"), shown.header());
    assertEquals(List.of(), shown.failures());
    // the namespace file is bound on /mnt/ns/c1: an nsfs mount, whose options stay as they were
    assertEquals(
        List.of("/mnt", "/mnt/ns", "/mnt/ns/c1"),
        shown.rows().stream().map(MountInfoRow::mountPoint).toList());
    assertEquals(
        List.of("tmpfs", "tmpfs", "nsfs"),
        shown.rows().stream().map(MountInfoRow::fsType).toList());
    assertEquals("rw,size=4k", shown.rows().get(0).superOptions());
    assertEquals("rw,size=4k", shown.rows().get(1).superOptions());
    assertEquals(ModelAnswer.of(r).rows().get(2), shown.rows().get(2));
    assertEquals(1, shown.namespaces().size());
    assertEquals("/mnt/ns/c1", shown.namespaces().get(0).file());
    for (MountInfoRow row : shown.namespaces().get(0).rows())
      assertEquals("rw,size=4k", row.superOptions());
  }
}

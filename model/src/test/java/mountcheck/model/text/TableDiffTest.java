package mountcheck.model.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class TableDiffTest {

  private static MountInfoRow row(
      int id, int parent, int minor, String mp, String src, String... opt) {
    return new MountInfoRow(id, parent, 0, minor, "/", mp, "rw", List.of(opt), "tmpfs", src, "rw");
  }

  @Test
  void equalTablesHaveAnEmptyDiff() {
    CanonicalTable a = CanonicalTable.of(List.of(row(63, 1, 39, "/mnt", "a", "shared:1")));
    CanonicalTable b = CanonicalTable.of(List.of(row(90, 2, 12, "/mnt", "a", "shared:5")));
    TableDiff d = TableDiff.of("model", a, "kernel", b);
    assertTrue(d.isEmpty());
    assertEquals("", d.render());
  }

  @Test
  void listsMissingMountsAndFieldDifferences() {
    CanonicalTable model =
        CanonicalTable.of(
            List.of(
                row(63, 1, 39, "/mnt", "a", "shared:1"),
                row(64, 63, 39, "/mnt/x", "a", "shared:1"),
                row(65, 63, 40, "/mnt/y", "b")));
    CanonicalTable kernel =
        CanonicalTable.of(
            List.of(
                row(63, 1, 39, "/mnt", "a", "shared:1"),
                row(64, 63, 39, "/mnt/x", "a", "shared:2", "master:1"),
                row(66, 63, 41, "/mnt/z", "c", "unbindable")));
    TableDiff d = TableDiff.of("model", model, "kernel", kernel);
    assertEquals(
        "only in model: /mnt/y (parent /mnt, root /, tmpfs b, sb2, peers -, master -, options rw"
            + " rw)\n"
            + "only in kernel: /mnt/z (parent /mnt, root /, tmpfs c, sb2, peers -, master -,"
            + " options rw rw,"
            + " unbindable)\n"
            + "/mnt: peers: model {/mnt, /mnt/x}, kernel {/mnt}\n"
            + "/mnt/x: peers: model {/mnt, /mnt/x}, kernel {/mnt/x}\n"
            + "/mnt/x: master: model -, kernel {/mnt}\n",
        d.render());
  }
}

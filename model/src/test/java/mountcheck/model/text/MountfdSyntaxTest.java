package mountcheck.model.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import mountcheck.model.ops.ChangeRoot;
import mountcheck.model.ops.ChangeRootToDescriptor;
import mountcheck.model.ops.CloseDescriptor;
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
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Umount;
import mountcheck.model.ops.UnknownBits;
import org.junit.jupiter.api.Test;

/** The {@code mountfd} lines (README, "The fd-based mount API"). */
class MountfdSyntaxTest {
  private static final String TEXT =
      String.join(
          "\n",
          "mountfd open_tree t /mnt/a OPEN_TREE_CLONE AT_RECURSIVE",
          "mountfd open_tree p t",
          "mountfd move_mount t /mnt/b",
          "mountfd move_mount /mnt/b u MOVE_MOUNT_BENEATH",
          "mountfd move_mount /mnt/a /mnt/b MOVE_MOUNT_SET_GROUP",
          "mountfd mount_setattr /mnt/b AT_RECURSIVE attr_set=ro,nosuid attr_clr=noexec"
              + " propagation=slave",
          "mountfd fsopen fs tmpfs",
          "mountfd fsconfig fs source top",
          "mountfd fsconfig fs create",
          "mountfd fsmount m fs attr=nodev,idmap",
          "mountfd close t",
          "mountfd userns u",
          "mountfd userns me self",
          "mountfd mount_setattr m attr_set=idmap userns=u",
          "mountfd open_tree s t/A/AA OPEN_TREE_CLONE AT_RECURSIVE",
          "mountfd move_mount s/B u/x",
          "mountfd mount_setattr t/A attr_set=ro",
          "mountfd mount_setattr /mnt/a attr_set=ro,0x80000000 attr_clr=0x80000000"
              + " propagation=0x80000000",
          "");

  @Test
  void everyFormParsesToItsCallAndPrintsBackAsWritten() {
    Scenario s = ScenarioParser.parse("t.sh", TEXT);
    assertEquals(
        List.of(
            new OpenTree("t", "/mnt/a", true, true),
            new OpenTree("p", "t", false, false),
            new MoveMount("t", "/mnt/b", MoveMount.Flag.NONE),
            new MoveMount("/mnt/b", "u", MoveMount.Flag.BENEATH),
            new MoveMount("/mnt/a", "/mnt/b", MoveMount.Flag.SET_GROUP),
            new MountSetattr(
                "/mnt/b",
                true,
                EnumSet.of(MountAttribute.RO, MountAttribute.NOSUID),
                Set.of(MountAttribute.NOEXEC),
                Propagation.SLAVE),
            new FsOpen("fs", "tmpfs"),
            new FsConfig("fs", "top"),
            new FsConfig("fs", null),
            new FsMount("m", "fs", EnumSet.of(MountAttribute.NODEV, MountAttribute.IDMAP)),
            new CloseDescriptor("t"),
            new OpenUserNamespace("u", false),
            new OpenUserNamespace("me", true),
            new MountSetattr("m", false, Set.of(MountAttribute.IDMAP), Set.of(), null, "u"),
            new OpenTree("s", "t/A/AA", true, true),
            new MoveMount("s/B", "u/x", MoveMount.Flag.NONE),
            new MountSetattr("t/A", false, Set.of(MountAttribute.RO), Set.of(), null),
            new MountSetattr(
                "/mnt/a",
                false,
                Set.of(MountAttribute.RO),
                Set.of(),
                null,
                null,
                new UnknownBits(0x80000000L, 0x80000000L, 0x80000000L))),
        s.operations());
    assertEquals(TEXT, ScenarioPrinter.print(s));
  }

  @Test
  void flagsMayComeInEitherOrderAndAttributesPrintInOneOrder() {
    assertEquals(
        new OpenTree("t", "/mnt/a", true, true),
        ScenarioParser.parseCommand(
            "t.sh", "mountfd open_tree t /mnt/a AT_RECURSIVE OPEN_TREE_CLONE"));
    assertEquals(
        "mountfd mount_setattr t attr_set=ro,noexec",
        ScenarioParser.parseCommand("t.sh", "mountfd mount_setattr t attr_set=noexec,ro")
            .toCommand());
  }

  @Test
  void malformedLinesAreSyntaxErrorsAtTheirLine() {
    for (String bad :
        List.of(
            "mountfd",
            "mountfd open_tree",
            "mountfd open_tree T /mnt/a",
            "mountfd open_tree t Mnt/a",
            "mountfd open_tree t t/../a",
            "mountfd open_tree t t//a",
            "mountfd open_tree t t/a/",
            "mountfd move_mount t/. /mnt/a",
            "mountfd mount_setattr t/a$b",
            "mountfd mount_setattr t attr_set=0x1",
            "mountfd mount_setattr t attr_set=0x0",
            "mountfd mount_setattr t attr_set=0X80000000",
            "mountfd mount_setattr t attr_set=0x10000000000000000",
            "mountfd mount_setattr t propagation=0x100000",
            "mountfd mount_setattr t propagation=shared propagation=0x80000000",
            "mountfd fsmount m fs attr=0x80000000",
            "mountfd open_tree t /tmp/a",
            "mountfd open_tree t /mnt/a OPEN_TREE_CLONE OPEN_TREE_CLONE",
            "mountfd open_tree t /mnt/a CLONE",
            "mountfd move_mount t",
            "mountfd move_mount t /mnt/b MOVE_MOUNT_F_EMPTY_PATH",
            "mountfd mount_setattr t attr_set=readonly",
            "mountfd mount_setattr t propagation=rshared",
            "mountfd fsopen fs ext4",
            "mountfd fsconfig fs size 1m",
            "mountfd fsmount m fs nodev",
            "mountfd close",
            "mountfd close /mnt/a",
            "mountfd userns",
            "mountfd userns u other",
            "mountfd mount_setattr t attr_set=idmap userns=/mnt/a",
            "mountfd mount_setattr t userns=u userns=u",
            "mountfd pivot_root /mnt/a /mnt/b",
            "nsenter --mount=/mnt/ns mountfd close t")) {
      ScenarioSyntaxException e =
          assertThrows(
              ScenarioSyntaxException.class,
              () -> ScenarioParser.parse("t.sh", "mkdir -p /mnt/a\n" + bad),
              bad);
      assertTrue(e.getMessage().startsWith("t.sh:2: "), e.getMessage());
    }
  }

  @Test
  void mkdiratTakesAPathOrAPathRelativeToADescriptorWithALastComponent() {
    // the selftest open_tree_subfolder: mkdirat(fd_tmpfs, "subdir", 0755) in a detached tmpfs
    String text =
        String.join(
            "\n",
            "mountfd mkdirat t/subdir",
            "mountfd mkdirat t/a/b",
            "mountfd mkdirat /mnt/x",
            "");
    Scenario s = ScenarioParser.parse("m.sh", text);
    assertEquals(
        List.of(
            new MakeDirectoryAt("t/subdir"),
            new MakeDirectoryAt("t/a/b"),
            new MakeDirectoryAt("/mnt/x")),
        s.operations());
    assertEquals(text, ScenarioPrinter.print(s));
    // a bare name or '/' has no last component to make; one path per line
    for (String bad :
        List.of(
            "mountfd mkdirat",
            "mountfd mkdirat t",
            "mountfd mkdirat t/a/",
            "mountfd mkdirat t/../a",
            "mountfd mkdirat /tmp/x",
            "mountfd mkdirat /mnt/a /mnt/b",
            "mountfd mkdirat T/a"))
      assertThrows(ScenarioSyntaxException.class, () -> ScenarioParser.parse("x.sh", bad), bad);
    assertThrows(
        ScenarioSyntaxException.class,
        () -> ScenarioParser.parse("x.sh", "chroot /mnt/r\nmountfd mkdirat /\n"));
  }

  @Test
  void theCallersRootIsSlashOnlyAfterARootChange() {
    // the move_mount selftests beneath_rootfs_*: open_tree("/"), move_mount(.., "/", BENEATH),
    // fchdir(fd) and chroot("."), umount2(".", MNT_DETACH)
    String text =
        String.join(
            "\n",
            "chroot /mnt/r",
            "mountfd open_tree t / OPEN_TREE_CLONE",
            "mountfd move_mount t / MOVE_MOUNT_BENEATH",
            "mountfd chroot t",
            "umount -l /",
            "umount /",
            "");
    Scenario s = ScenarioParser.parse("r.sh", text);
    assertEquals(
        List.of(
            new ChangeRoot("/mnt/r"),
            new OpenTree("t", "/", true, false),
            new MoveMount("t", "/", MoveMount.Flag.BENEATH),
            new ChangeRootToDescriptor("t"),
            new Umount("/", true),
            new Umount("/", false)),
        s.operations());
    assertEquals(text, ScenarioPrinter.print(s));
    // before any root change '/' is the host's root, which no line may name
    for (String line :
        List.of("umount -l /", "mountfd open_tree t / OPEN_TREE_CLONE", "mountfd move_mount t /"))
      assertThrows(ScenarioSyntaxException.class, () -> ScenarioParser.parse("x.sh", line));
    assertThrows(
        ScenarioSyntaxException.class,
        () -> ScenarioParser.parse("x.sh", "chroot /mnt/r\nmkdir -p /\n"));
    assertThrows(
        ScenarioSyntaxException.class, () -> ScenarioParser.parse("x.sh", "mountfd chroot /mnt/r"));
    assertTrue(Operation.changesRoot(new ChangeRootToDescriptor("t")));
  }
}

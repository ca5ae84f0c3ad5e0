package mountcheck.kernel.strace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ScenarioParser;
import mountcheck.model.text.TableDiff;
import org.junit.jupiter.api.Test;

class StraceTranslatorTest {
  private static final Path HOME = Path.of("..").toAbsolutePath().normalize();
  private static final Path EXAMPLE = HOME.resolve("examples/runtime");

  /** The commands of a scenario, without comments and comment lines. */
  private static List<String> commands(List<String> scenario) {
    return scenario.stream()
        .filter(l -> !l.startsWith("#"))
        .map(l -> l.replaceAll("\\s+#.*$", ""))
        .toList();
  }

  private static String log() throws IOException {
    return Files.readString(EXAMPLE.resolve("runc.strace"));
  }

  @Test
  void theRecordedRuncLogBecomesTheCommandsRuncMadeOnMnt() throws IOException {
    // derived by hand from examples/runtime/runc.strace: the setup's mount(8) and mkdir -p, then
    // runc's calls whose paths are at or below /mnt, with /proc/self/fd/N read through strace -y
    assertEquals(
        List.of(
            "mount -t tmpfs rt /mnt",
            "mkdir -p /mnt/state",
            "mkdir -p /mnt/vol",
            "mkdir -p /mnt/vol/sub",
            "mkdir -p /mnt/bundle",
            "mkdir -p /mnt/bundle/rootfs",
            "mkdir -p /mnt/bundle/rootfs/bin",
            "mkdir -p /mnt/bundle/rootfs/proc",
            "mkdir -p /mnt/bundle/rootfs/dev",
            "mkdir -p /mnt/bundle/rootfs/mnt",
            "mount -t tmpfs sub /mnt/vol/sub",
            "mkdir -p /mnt/state/ctr",
            "unshare -Urm --propagation unchanged",
            "mount --make-rslave /mnt",
            "mount --rbind /mnt/bundle/rootfs /mnt/bundle/rootfs",
            "mkdir -p /mnt/bundle/rootfs/mnt/scratch",
            "mount -t tmpfs -o nosuid,nodev,noexec scratch /mnt/bundle/rootfs/mnt/scratch",
            "mkdir -p /mnt/bundle/rootfs/mnt/data",
            "mount --rbind /mnt/vol /mnt/bundle/rootfs/mnt/data",
            "mount -o remount,bind,ro,nosuid,dev,exec,symfollow /mnt/bundle/rootfs/mnt/data",
            "mkdir -p /mnt/bundle/rootfs/mnt/.old-root",
            "pivot_root /mnt/bundle/rootfs /mnt/bundle/rootfs/mnt/.old-root",
            "mount --make-rslave /mnt/.old-root",
            "umount -l /mnt/.old-root"),
        commands(StraceTranslator.translate("runc.strace", log())));
  }

  @Test
  void whatTheLanguageCannotSayIsACommentWithTheReason() throws IOException {
    List<String> skipped =
        StraceTranslator.translate("runc.strace", log()).stream()
            .filter(l -> l.startsWith("# not translated ("))
            .toList();
    // runc's /proc/self/exe clone (bind, remount, umount), proc, six device nodes, the root's ro
    assertEquals(11, skipped.size(), String.join("\n", skipped));
    assertTrue(skipped.get(3).startsWith("# not translated (filesystem type proc"), skipped.get(3));
    assertTrue(skipped.get(10).contains("a remount of /, outside /mnt"), skipped.get(10));
  }

  @Test
  void theCommittedScenarioIsTheTranslationAndParses() throws IOException {
    Path scenario = EXAMPLE.resolve("runc.sh");
    String text = Files.readString(scenario);
    assertEquals(String.join("\n", StraceTranslator.translate("runc.strace", log())) + "\n", text);
    Scenario parsed = ScenarioParser.parse(scenario.toString(), text);
    assertEquals(commands(List.of(text.split("\n"))).size(), parsed.steps().size());
  }

  @Test
  void theModelsTableIsTheContainersOwnBelowMnt() throws IOException {
    // the expected table is the one runc's container printed (examples/runtime/runc.mountinfo)
    Path scenario = EXAMPLE.resolve("runc.sh");
    ScenarioRunner.Run run =
        new ScenarioRunner(Model.linux())
            .run(
                ScenarioParser.parse(scenario.toString(), Files.readString(scenario)),
                MountTable.initial(100_000, 1));
    assertEquals(List.of(), run.failures());
    String container = Files.readString(EXAMPLE.resolve("runc.mountinfo"));
    assertEquals(3, ContainerTable.rowsBelowMnt(container).size());
    assertEquals(
        List.of(),
        TableDiff.of(
                "model",
                ContainerTable.modelTable(run.state()),
                "container",
                ContainerTable.canonical(container))
            .lines());
  }

  @Test
  void unfinishedAndResumedLinesAreOneCallAndDescriptorsResolve() {
    String log =
        String.join(
            "\n",
            "10 openat(AT_FDCWD</>, \"/mnt/a\", O_RDONLY|O_CLOEXEC|O_PATH) = 7</mnt/a>",
            "11 mkdirat(AT_FDCWD</>, \"/mnt/x\", 0755 <unfinished ...>",
            "10 mount(\"t\", \"/proc/self/fd/7\", \"tmpfs\", MS_NOSUID <unfinished ...>",
            "11 <... mkdirat resumed>) = 0",
            "10 <... mount resumed>, NULL) = 0",
            "10 --- SIGCHLD {si_signo=SIGCHLD} ---",
            "10 umount2(\"/proc/self/fd/7\", 0) = -1 EBUSY (Device or resource busy)",
            "10 mount(\"/proc/self/fd/7\", \"/mnt/b\", NULL, MS_BIND, NULL) = 0",
            "10 fspick(AT_FDCWD</>, \"/mnt/a\", FSPICK_CLOEXEC) = 3<anon_inode:[fscontext]>",
            "10 mount(\"proc\", \"/mnt/p\", \"proc\", 0, NULL) = 0",
            "10 mount(NULL, \"/mnt/p\", NULL, MS_PRIVATE, NULL) = 0",
            "10 +++ exited with 0 +++");
    List<String> out = StraceTranslator.translate("t", log);
    assertEquals(
        List.of(
            "mkdir -p /mnt/x",
            "mount -t tmpfs -o nosuid t /mnt/a",
            "umount /mnt/a",
            "mount --bind /mnt/a /mnt/b"),
        commands(out));
    assertTrue(out.contains("umount /mnt/a  # log line 7 (recorded: EBUSY)"), out.toString());
    assertTrue(
        out.stream().anyMatch(l -> l.startsWith("# not translated (fspick has no mountfd line)")),
        out.toString());
    assertTrue(
        out.stream().anyMatch(l -> l.startsWith("# not translated (acts on /mnt/p")),
        out.toString());
  }

  @Test
  void aNamespaceTheScenarioLeftIsNotTheScenarios() {
    String log =
        String.join(
            "\n",
            "1 clone(child_stack=NULL, flags=CLONE_NEWNS|SIGCHLD) = 2",
            "2 mount(\"a\", \"/mnt/a\", \"tmpfs\", 0, NULL) = 0",
            "1 mount(\"b\", \"/mnt/b\", \"tmpfs\", 0, NULL) = 0",
            "2 setns(5, CLONE_NEWNS) = 0",
            "2 mount(\"c\", \"/mnt/c\", \"tmpfs\", 0, NULL) = 0");
    List<String> out = StraceTranslator.translate("t", log);
    assertEquals(
        List.of("unshare -m --propagation unchanged", "mount -t tmpfs a /mnt/a"), commands(out));
    assertEquals(
        2, out.stream().filter(l -> l.contains("a namespace the scenario has left")).count());
  }

  @Test
  void theFdApiBecomesMountfdLinesNamedByDescriptor() throws IOException {
    // fd-api.strace is the resident executor running fd-api.sh on the host; the translation gives
    // the scenario's lines back, each descriptor named fdN after its number (derived by hand)
    Path dir = HOME.resolve("kernel/src/test/resources/mountcheck/kernel/strace");
    List<String> out =
        StraceTranslator.translate("fd-api.strace", Files.readString(dir.resolve("fd-api.strace")));
    assertEquals(
        List.of(
            "mount -t tmpfs top /mnt",
            "mkdir -p /mnt/a",
            "mkdir -p /mnt/a/sub",
            "mkdir -p /mnt/b",
            "mkdir -p /mnt/c",
            "mkdir -p /mnt/d",
            "mount -t tmpfs sub /mnt/a/sub",
            "mountfd open_tree fd4 /mnt/a OPEN_TREE_CLONE AT_RECURSIVE",
            "mountfd mount_setattr fd4 AT_RECURSIVE attr_set=ro,nosuid propagation=private",
            "mountfd move_mount fd4 /mnt/b",
            "mountfd close fd4",
            "mountfd fsopen fd4 tmpfs",
            "mountfd fsconfig fd4 source lbl",
            "mountfd fsconfig fd4 create",
            "mountfd fsmount fd5 fd4 attr=nodev,noexec",
            "mountfd move_mount fd5 /mnt/c",
            "mountfd close fd5",
            "mountfd close fd4",
            "mountfd mount_setattr /mnt/c attr_set=noatime attr_clr=noexec,atime",
            "mountfd open_tree fd4 /mnt/b",
            "mountfd move_mount fd4 /mnt/d"),
        commands(out));
    ScenarioParser.parse("fd-api", String.join("\n", out) + "\n");
  }
}

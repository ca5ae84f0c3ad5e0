package mountcheck.cli.litmus;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs every litmus test with the kernel's memory model as written (its exists clause must be
 * Never) and once without each group of needed statements (the clause must then be allowed); then
 * once under sequential consistency without any needed statement, where the clause must be Never if
 * the test states that its outcome needs weak memory and allowed if it states it does not.
 */
public final class LitmusSuite {
  private LitmusSuite() {}

  /** The cat model a run used. */
  public enum Model {
    /** The kernel's tools/memory-model/linux-kernel.cat. */
    LKMM,
    /** Sequential consistency: litmus/sc.cat. */
    SC
  }

  /**
   * One herd7 run.
   *
   * @param test the test as written
   * @param model the cat model herd7 ran
   * @param removed what was removed (a statement, a group, "all needed"), or null for none
   * @param expectAllowed whether the exists clause must be reachable
   * @param outcome herd7's verdict
   */
  public record Result(
      LitmusFile test, Model model, String removed, boolean expectAllowed, Herd.Outcome outcome) {
    /** herd7's verdict is the expected one, and herd7 raised no Flag. */
    public boolean asExpected() {
      if (!outcome.flags().isEmpty()) return false;
      return outcome.allowed() == expectAllowed;
    }

    public String expected() {
      return expectAllowed ? "Sometimes" : "Never";
    }
  }

  /**
   * @param scModel the sequential-consistency cat model (litmus/sc.cat)
   */
  public static List<Result> run(Herd herd, List<LitmusFile> tests, Path scModel, Path scratch)
      throws IOException {
    List<Result> out = new ArrayList<>();
    for (LitmusFile t : tests) {
      List<LitmusFile.Group> groups = t.neededGroups();
      if (groups.isEmpty()) throw new IOException(t.path() + ": no statement is tagged as needed");
      out.add(new Result(t, Model.LKMM, null, false, herd.run(t.name(), t.text(), scratch)));
      for (int i = 0; i < groups.size(); i++) {
        LitmusFile.Weakened w = t.without(i);
        out.add(
            new Result(t, Model.LKMM, w.removed(), true, herd.run(w.name(), w.text(), scratch)));
      }
      LitmusFile.Weakened bare = t.withoutAll();
      Herd.Outcome sc = herd.run(bare.name() + "-sc", bare.text(), scratch, scModel);
      out.add(new Result(t, Model.SC, bare.removed(), !t.weakMemoryNeeded(), sc));
    }
    return out;
  }
}

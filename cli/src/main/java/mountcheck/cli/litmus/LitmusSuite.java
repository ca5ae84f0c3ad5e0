package mountcheck.cli.litmus;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs every litmus test as written (its exists clause must be Never) and once without each of its
 * needed statements (the clause must then be allowed).
 */
public final class LitmusSuite {
  private LitmusSuite() {}

  /**
   * One herd7 run.
   *
   * @param test the test as written
   * @param removed the needed statement removed, or null for the test as written
   * @param outcome herd7's verdict
   */
  public record Result(LitmusFile test, String removed, Herd.Outcome outcome) {
    /** As written: forbidden; weakened: allowed; and herd7 raised no Flag either way. */
    public boolean asExpected() {
      if (!outcome.flags().isEmpty()) return false;
      return removed == null ? !outcome.allowed() : outcome.allowed();
    }

    public String expected() {
      return removed == null ? "Never" : "Sometimes";
    }
  }

  public static List<Result> run(Herd herd, List<LitmusFile> tests, Path scratch)
      throws IOException {
    List<Result> out = new ArrayList<>();
    for (LitmusFile t : tests) {
      out.add(new Result(t, null, herd.run(t.name(), t.text(), scratch)));
      int needed = t.neededLines().size();
      if (needed == 0) throw new IOException(t.path() + ": no statement is tagged as needed");
      for (int i = 0; i < needed; i++) {
        LitmusFile.Weakened w = t.without(i);
        out.add(new Result(t, w.removed(), herd.run(w.name(), w.text(), scratch)));
      }
    }
    return out;
  }
}

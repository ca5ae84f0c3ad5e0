package mountcheck.cli.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** verify shows a guest's progress lines while it keeps a step's whole stderr for the report. */
class VerifyProgressTest {
  @Test
  void progressLinesShowAsTheyComeAndEverythingIsKept() {
    StringWriter live = new StringWriter();
    ProgressTee tee = new ProgressTee(new PrintWriter(live, true));
    PrintWriter step = new PrintWriter(tee, true);
    step.println("mountcheck conform: 20 scenarios on kernel 6.1, seed 7");
    step.print("mountcheck: vm 6.1 (6.1.0-50-amd64): boot 12.0 s, 0/20 scen");
    assertEquals("", live.toString()); // not a whole line yet
    step.println("arios, 12.0 s elapsed");
    step.println("disagreement on 6.1 in seed-9: mountcheck: vm is not at the start");
    assertEquals(
        "    vm 6.1 (6.1.0-50-amd64): boot 12.0 s, 0/20 scenarios, 12.0 s elapsed"
            + System.lineSeparator(),
        live.toString());
    assertEquals(
        "mountcheck conform: 20 scenarios on kernel 6.1, seed 7\n"
            + "mountcheck: vm 6.1 (6.1.0-50-amd64): boot 12.0 s, 0/20 scenarios, 12.0 s elapsed\n"
            + "disagreement on 6.1 in seed-9: mountcheck: vm is not at the start\n",
        tee.toString().replace(System.lineSeparator(), "\n"));
  }
}

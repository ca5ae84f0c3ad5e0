package mountcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class Z3CommandTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine cl = Main.commandLine();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    return cl.execute(args);
  }

  @Test
  void smallRunAgreesAndFindsThePlantedBugs() {
    assertEquals(0, run("z3", "--states", "20", "--bound", "2", "--mounts", "3"), out + "\n" + err);
    String text = out.toString();
    assertTrue(text.contains("datalog Receivers(p) = model"), text);
    assertTrue(text.contains("smt change-type linux"), text);
    assertTrue(text.contains("UNSAT: none"), text);
    assertTrue(text.contains("SLAVE_KEEPS_SLAVES"), text);
    assertTrue(text.contains("breaks: a master is shared"), text);
  }

  @Test
  void badBoundIsAUsageError() {
    assertEquals(2, run("z3", "--bound", "0"));
    assertTrue(err.toString().contains("--bound"), err.toString());
  }
}

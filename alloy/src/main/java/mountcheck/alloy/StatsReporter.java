package mountcheck.alloy;

import edu.mit.csail.sdg.alloy4.A4Reporter;
import edu.mit.csail.sdg.alloy4.ErrorWarning;

/** Keeps the size of the last SAT translation Alloy reports, and forwards warnings to stderr. */
final class StatsReporter extends A4Reporter {
  int primaryVars = -1;
  int totalVars = -1;
  int clauses = -1;

  @Override
  public void solve(int traceLength, int primaryVars, int totalVars, int clauses) {
    this.primaryVars = primaryVars;
    this.totalVars = totalVars;
    this.clauses = clauses;
  }

  @Override
  public void warning(ErrorWarning msg) {
    System.err.println("alloy warning: " + msg.toString().trim());
  }
}

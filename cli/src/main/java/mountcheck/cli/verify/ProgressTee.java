package mountcheck.cli.verify;

import java.io.PrintWriter;
import java.io.Writer;

/**
 * Keeps what a step writes on stderr for the report and shows its guest progress lines
 * ("mountcheck: vm K (...): boot ..., done/total scenarios, ... s elapsed") as they come, so that a
 * long matrix step shows a line per boot.
 */
public final class ProgressTee extends Writer {
  private static final String PROGRESS = "mountcheck: vm ";
  private final StringBuilder kept = new StringBuilder();
  private final StringBuilder line = new StringBuilder();
  private final PrintWriter live;

  public ProgressTee(PrintWriter live) {
    this.live = live;
  }

  @Override
  public synchronized void write(char[] chars, int offset, int length) {
    kept.append(chars, offset, length);
    for (int i = offset; i < offset + length; i++) {
      if (chars[i] != '\n') {
        line.append(chars[i]);
        continue;
      }
      if (line.indexOf(PROGRESS) == 0) {
        live.println("    " + line.substring("mountcheck: ".length()));
        live.flush();
      }
      line.setLength(0);
    }
  }

  @Override
  public void flush() {}

  @Override
  public void close() {}

  @Override
  public synchronized String toString() {
    return kept.toString();
  }
}

package mountcheck.cli.verify;

/**
 * What one step of {@code verify} found, as a value: the summary table shows it, the exit status
 * and the results follow it, and nothing reads it back from text.
 */
public sealed interface StepVerdict {
  /** Whether the run may still say "everything holds" with this verdict. */
  boolean acceptable();

  /** The summary table's cell. */
  String text();

  /** The check held. */
  record Held() implements StepVerdict {
    @Override
    public boolean acceptable() {
      return true;
    }

    @Override
    public String text() {
      return "ok";
    }
  }

  /** The check failed; {@code what} names the failing results or the last error line. */
  record Failed(String what) implements StepVerdict {
    @Override
    public boolean acceptable() {
      return false;
    }

    @Override
    public String text() {
      return "FAILED: " + what;
    }
  }

  /** A known-bug variant was caught and shrunk, as intended. */
  record Caught() implements StepVerdict {
    @Override
    public boolean acceptable() {
      return true;
    }

    @Override
    public String text() {
      return "caught";
    }
  }

  /** A known-bug variant was not caught. */
  record Missed(String what) implements StepVerdict {
    @Override
    public boolean acceptable() {
      return false;
    }

    @Override
    public String text() {
      return "MISSED: " + what;
    }
  }

  /** The live kernel cannot be used here ({@code unshare -Urm} not permitted). */
  record Skipped(String why) implements StepVerdict {
    @Override
    public boolean acceptable() {
      return true;
    }

    @Override
    public String text() {
      return "skipped: " + why;
    }
  }

  /** A guest of the kernel matrix could not run (QEMU or an image missing). */
  record NotRun(String why) implements StepVerdict {
    @Override
    public boolean acceptable() {
      return true;
    }

    @Override
    public String text() {
      return "not run: " + why;
    }
  }
}

package mountcheck.cli.verify;

/**
 * What one step of {@code verify} found, as a value: the summary table shows it, the exit status
 * and the results follow it, and nothing reads it back from text.
 */
public sealed interface StepVerdict {
  /** The summary table's cell. */
  String text();

  /** Whether the run may still say "everything holds" with this verdict. */
  default boolean acceptable() {
    return true;
  }

  /** The check held. */
  record Held() implements StepVerdict {
    @Override
    public String text() {
      return "ok";
    }
  }

  /** A known-bug variant was caught and shrunk, as intended. */
  record Caught() implements StepVerdict {
    @Override
    public String text() {
      return "caught";
    }
  }

  /** The live kernel cannot be used here ({@code unshare -Urm} not permitted). */
  record Skipped(String why) implements StepVerdict {
    @Override
    public String text() {
      return "skipped: " + why;
    }
  }

  /** A guest of the kernel matrix could not run (QEMU or an image missing). */
  record NotRun(String why) implements StepVerdict {
    @Override
    public String text() {
      return "not run: " + why;
    }
  }

  /** The check failed; {@code what} names the failing results or the last error line. */
  record Failed(String what) implements StepVerdict {
    @Override
    public String text() {
      return "FAILED: " + what;
    }

    @Override
    public boolean acceptable() {
      return false;
    }
  }

  /** A known-bug variant was not caught. */
  record Missed(String what) implements StepVerdict {
    @Override
    public String text() {
      return "MISSED: " + what;
    }

    @Override
    public boolean acceptable() {
      return false;
    }
  }
}

package mountcheck.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test class when the mount table of the test JVM's own namespace (the host's, as far as
 * the runner is concerned) is not byte-identical after the class's tests.
 */
public final class HostMountTableUnchanged implements BeforeAllCallback, AfterAllCallback {
  private static final ExtensionContext.Namespace NS =
      ExtensionContext.Namespace.create(HostMountTableUnchanged.class);

  static String hostMountInfo() throws IOException {
    return new String(
        Files.readAllBytes(Path.of("/proc/self/mountinfo")), StandardCharsets.ISO_8859_1);
  }

  @Override
  public void beforeAll(ExtensionContext context) throws IOException {
    context.getStore(NS).put("before", hostMountInfo());
  }

  @Override
  public void afterAll(ExtensionContext context) throws IOException {
    String before = context.getStore(NS).get("before", String.class);
    assertEquals(
        before, hostMountInfo(), "the host's /proc/self/mountinfo changed during the tests");
  }
}

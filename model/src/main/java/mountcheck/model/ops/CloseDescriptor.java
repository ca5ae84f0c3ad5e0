package mountcheck.model.ops;

/**
 * {@code mountfd close NAME}: the named descriptor closes; closing a name that holds nothing does
 * nothing. A detached tree whose last descriptor closes is dissolved.
 */
public record CloseDescriptor(String name) implements Operation {
  public CloseDescriptor {
    DescriptorName.require(name);
  }

  @Override
  public String toCommand() {
    return "mountfd close " + name;
  }
}

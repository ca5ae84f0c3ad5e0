package mountcheck.model.ops;

import java.util.Set;

/**
 * {@code mountfd fsmount NAME CONTEXT [attr=A,..]}: fsmount(2) of the created filesystem context
 * CONTEXT holds, with these MOUNT_ATTR_* bits; the new detached mount is kept as NAME.
 */
public record FsMount(String name, String context, Set<MountAttribute> attributes)
    implements Operation {
  public FsMount {
    DescriptorName.require(name);
    DescriptorName.require(context);
    attributes = Set.copyOf(attributes);
  }

  @Override
  public String toCommand() {
    return "mountfd fsmount "
        + name
        + " "
        + context
        + (attributes.isEmpty() ? "" : " attr=" + MountAttribute.words(attributes));
  }
}

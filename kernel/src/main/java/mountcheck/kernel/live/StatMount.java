package mountcheck.kernel.live;

/**
 * What statmount(2) says of one mount: unique ids (64-bit, never reused), the namespace, the mount
 * point as seen from the namespace's root, the mount's root directory, its source and its
 * filesystem's device ({@code major:minor}).
 */
public record StatMount(
    long id,
    long parent,
    long namespace,
    String mountPoint,
    String root,
    String source,
    String device) {}

package mountcheck.model.ops;

/**
 * {@code unshare -Ur}: the rest of the scenario runs in a new shell in a new user namespace, a
 * child of the caller's, with root mapped to the caller (util-linux's {@code --map-root-user}:
 * unshare(CLONE_NEWUSER), setgroups "deny", uid and gid maps of 0), as the selftests'
 * create_and_enter_userns() does. The shell keeps its mount namespace, which an ancestor user
 * namespace owns: it has no capability there, so may_mount() refuses every call that changes mounts
 * (docs/semantics.md §2.20). The earlier shell waits, as after {@code unshare -m}.
 *
 * <p>{@code unshare -U} without a map is not in the language: its shell runs as the overflow uid,
 * which owns nothing in the scenario, and the selftests always map root.
 */
public record UnshareUser() implements Operation {
  @Override
  public String toCommand() {
    return "unshare -Ur";
  }
}

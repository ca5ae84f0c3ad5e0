package mountcheck.model.rcu;

import java.util.List;

/**
 * The fixed part of a task: name, the context it runs in, its operations, and whether it is
 * runnable from the start (a worker runs only once something queues it).
 */
public record TaskSetup(String name, Context context, List<Op> ops, boolean startsActive) {
  public TaskSetup {
    ops = List.copyOf(ops);
  }
}

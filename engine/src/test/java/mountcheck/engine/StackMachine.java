package mountcheck.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * A toy stack machine for the engine's self-tests. Popping an empty stack gives 0. The buggy
 * interpreter adds one too many when {@code add} directly follows {@code dup, swap}; the bug is
 * visible only when noise does not pop the wrong sum away, and nothing shorter than exactly {@code
 * dup, swap, add} can expose it.
 */
final class StackMachine {
  sealed interface Command permits Push, Pop, Dup, Swap, Add {}

  record Push(int value) implements Command {}

  record Pop() implements Command {}

  record Dup() implements Command {}

  record Swap() implements Command {}

  record Add() implements Command {}

  private StackMachine() {}

  static final Gen<Command> COMMAND =
      Gen.oneOf(
          Gen.intRange(0, 9).map(Push::new),
          Gen.constant(new Pop()),
          Gen.constant(new Dup()),
          Gen.constant(new Swap()),
          Gen.constant(new Add()));

  static List<Integer> run(List<Command> program, boolean buggy) {
    List<Integer> stack = new ArrayList<>();
    for (int i = 0; i < program.size(); i++) {
      Command c = program.get(i);
      if (c instanceof Push p) {
        stack.add(p.value());
      } else if (c instanceof Pop) {
        pop(stack);
      } else if (c instanceof Dup) {
        int x = pop(stack);
        stack.add(x);
        stack.add(x);
      } else if (c instanceof Swap) {
        int a = pop(stack);
        int b = pop(stack);
        stack.add(a);
        stack.add(b);
      } else if (c instanceof Add) {
        int sum = pop(stack) + pop(stack);
        boolean pattern =
            i >= 2 && program.get(i - 2) instanceof Dup && program.get(i - 1) instanceof Swap;
        stack.add(buggy && pattern ? sum + 1 : sum);
      }
    }
    return stack;
  }

  private static int pop(List<Integer> stack) {
    return stack.isEmpty() ? 0 : stack.remove(stack.size() - 1);
  }
}

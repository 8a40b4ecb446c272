/**
 * What `check` returns once it passes, `turn` run between two tries (the page's work let through: the event
 * loop's turns, a module loaded on demand), at most 200 turns. React Testing Library's waitFor polls on the
 * page's clock, which a test with faked timers has stopped.
 */
export async function until<T>(check: () => T, turn: () => Promise<unknown>): Promise<T> {
  for (let turns = 0; ; turns++) {
    try {
      return check();
    } catch (error) {
      if (turns === 200) throw error;
      await turn();
    }
  }
}

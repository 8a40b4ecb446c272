/**
 * A state machine as Sylius writes its winzou graphs: named transitions, each allowed from a list of
 * states into one state. Nothing else moves a state: a transition from a state it does not list is
 * refused, and the caller turns the refusal into a 422 with a violation.
 */
export interface Graph<S extends string, T extends string> {
  /** The graph's name, as Sylius names it (sylius_order_checkout…), for messages and logs. */
  name: string;
  states: readonly S[];
  transitions: Record<T, { from: readonly S[]; to: S }>;
}

export interface Machine<S extends string, T extends string> extends Graph<S, T> {
  /** Whether the transition may be applied to an object in this state. */
  can(state: S, transition: T): boolean;
  /** The state after the transition, or null when it is refused. */
  apply(state: S, transition: T): S | null;
  /** The transitions allowed from a state, in the graph's order. */
  allowedFrom(state: S): T[];
}

export function machine<S extends string, T extends string>(graph: Graph<S, T>): Machine<S, T> {
  const names = Object.keys(graph.transitions) as T[];
  const can = (state: S, transition: T) => graph.transitions[transition]?.from.includes(state) ?? false;
  return {
    ...graph,
    can,
    apply: (state, transition) => (can(state, transition) ? graph.transitions[transition].to : null),
    allowedFrom: (state) => names.filter((name) => can(state, name)),
  };
}

/** The transition refused: which graph, from which state. */
export class TransitionRefused extends Error {
  readonly graph: string;
  readonly state: string;
  readonly transition: string;
  constructor(graph: string, state: string, transition: string) {
    super(`${graph}: "${transition}" is not allowed from "${state}"`);
    this.name = 'TransitionRefused';
    this.graph = graph;
    this.state = state;
    this.transition = transition;
  }
}

/** The state after the transition; a refused one throws TransitionRefused. */
export function transition<S extends string, T extends string>(m: Machine<S, T>, state: S, name: T): S {
  const to = m.apply(state, name);
  if (to === null) throw new TransitionRefused(m.name, state, name);
  return to;
}

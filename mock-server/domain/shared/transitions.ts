import type { ErrorCodeOf } from '../../../src/contract/errors.js';
import { businessRule, ServiceError } from '../../kernel/errors.js';

/** One action of a state machine: the states it may start from, and the rule a refusal names. */
export interface Move<S extends string> {
  from: readonly S[];
  /** The rule a refusal names; `{status}` is the record's state. */
  rule: string;
  /** A sentence of its own for a refused state where the rule does not fit it (`the invoice is already paid`). */
  refusals?: Partial<Record<S, string>>;
  /** A spec error code for a refused state (`PO_ALREADY_SENT` from `sent`), still 422; default BUSINESS_RULE_VIOLATION. */
  codes?: Partial<Record<S, ErrorCodeOf<422>>>;
}

/** A state machine as a transition table (ARCHITECTURE.md; MOCK-1), with its one refusal. */
export interface StateMachine<S extends string, A extends string> {
  readonly moves: { readonly [K in A]: Move<S> };
  /** Whether `action` may start from `state`. */
  allows(action: A, state: S): boolean;
  /** A move the table lacks is a 422 BUSINESS_RULE_VIOLATION naming the rule, with `status`, `allowedStatuses` and the record's facts. */
  assert(action: A, state: S, facts?: Record<string, unknown>): void;
}

export function stateMachine<S extends string, A extends string>(moves: { readonly [K in A]: Move<S> }): StateMachine<S, A> {
  const ruleOf = (move: Move<S>, state: S): string => {
    return (move.refusals?.[state] ?? move.rule).replaceAll('{status}', state);
  };
  const allows = (action: A, state: S) => moves[action].from.includes(state);
  return {
    moves,
    allows,
    assert(action, state, facts = {}) {
      if (allows(action, state)) return;
      const move = moves[action];
      const rule = ruleOf(move, state);
      const details = { ...facts, status: state, allowedStatuses: [...move.from] };
      const code = move.codes?.[state];
      throw code ? new ServiceError(code, rule, [{ rule, ...details }]) : businessRule(rule, details);
    },
  };
}

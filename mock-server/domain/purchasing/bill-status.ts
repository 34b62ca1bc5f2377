import { stateMachine } from '../shared/transitions.js';
import type { StoredBillStatus } from './bill-tables.js';

/**
 * The bill's moves (spec document 2 lists the states, not the moves; decision PUR-33): a draft is
 * changed and approved; an approved bill is paid in parts until nothing is due; a voided payment takes
 * it back; an approved bill with nothing paid is voided (PUR-54), as a sales invoice is cancelled. `overdue`
 * is not stored: it is read from the clock, so it moves like `open`.
 */
export const BILL_MOVES = stateMachine<StoredBillStatus, 'update' | 'approve' | 'pay' | 'void'>({
  update: { from: ['draft'], rule: 'only a draft bill can be changed; this one is {status}' },
  approve: { from: ['draft'], rule: 'only a draft bill can be approved; this one is already {status}' },
  pay: {
    from: ['open', 'partially_paid'],
    rule: 'a bill is paid once approved; this one is {status}',
    codes: { paid: 'BILL_ALREADY_PAID' },
    refusals: { paid: 'the bill is already fully paid', draft: 'a draft bill is approved before it is paid' },
  },
  void: {
    from: ['open'],
    rule: 'only an approved bill with nothing paid can be voided; this one is {status}',
    refusals: {
      draft: 'a draft bill posts nothing: change it instead of voiding it',
      partially_paid: 'a bill with payments cannot be voided; void its payments first',
      paid: 'a bill with payments cannot be voided; void its payments first',
      void: 'the bill is already void',
    },
  },
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { identityOf, recordIdentity } from '../../../mock-server/domain/einvoice/index.js';
import { convertToSelfBilled, runPipeline, toIrbHdrs, type ToIrbHdrRow } from '../../../mock-server/domain/einvoice-records/index.js';
import { billsTable, createSupplierCreditNote, createSupplierDebitNote } from '../../../mock-server/domain/purchasing/index.js';
import { ServiceError } from '../../../mock-server/kernel/errors.js';
import { world } from '../support/domain.js';

// Decision EINV-32, as a model: whatever the order of conversions, portal decisions and supplier fixes, a
// self-billed note (12, 13) exists only once per note and only beside its bill's Valid type 11, which it names;
// every refused conversion writes nothing.

const NOTE_TYPE = { INTERNAL_PURCHASE_SELF_BILLED_CREDIT_NOTE: '12', INTERNAL_PURCHASE_SELF_BILLED_DEBIT_NOTE: '13' } as const;

const step = fc.oneof(
  fc.constant({ kind: 'convertBill' as const }),
  fc.record({ kind: fc.constant('convertNote' as const), note: fc.nat({ max: 3 }) }),
  fc.constant({ kind: 'newDebitNote' as const }),
  fc.record({ kind: fc.constant('advance' as const), minutes: fc.constantFrom(1, 2, 5) }),
  fc.record({ kind: fc.constant('supplierTin' as const), tin: fc.constantFrom('C23810477200', 'NOT-A-TIN') }),
);

describe('self-billed notes against their type 11 (model)', () => {
  it('any sequence of conversions keeps every type 12 and 13 unique per note and beside a Valid type 11 it names', () => {
    const made = { notes: 0, refusedOnOriginal: 0 };
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 14 }), (steps) => {
        const w = world();
        const { ctx, store } = w;
        const bill = billsTable(ctx)
          .all()
          .find((b) => b.status === 'open')!;
        const notes: string[] = [
          createSupplierCreditNote(ctx, bill.id, { reason: 'Returned', items: [{ billLineId: bill.items[0]!.id, quantity: 1 }] }).id,
        ];
        const headers = () => toIrbHdrs(ctx).all();
        const originalStatus = (): ToIrbHdrRow['hdr_submission_status'] | null => {
          store.transaction(() => runPipeline(ctx));
          return headers().find((h) => h.hdr_einvoice_type === '11' && h.docIds[0] === bill.id)?.hdr_submission_status ?? null;
        };
        for (const s of steps) {
          if (s.kind === 'advance') w.clock.advance({ minutes: s.minutes });
          else if (s.kind === 'supplierTin') {
            const identity = identityOf(ctx, bill.supplierId)!;
            store.transaction(() => recordIdentity(ctx, { ...identity, tin: s.tin }));
          } else if (s.kind === 'newDebitNote') {
            const item = { description: 'Surcharge', quantity: 1, unitPrice: 10, accountCode: '5200', taxCode: null };
            notes.push(createSupplierDebitNote(ctx, bill.id, { reason: 'Surcharge', items: [item] }).id);
          } else {
            const docId = s.kind === 'convertBill' ? bill.id : notes[s.note % notes.length]!;
            const status = originalStatus();
            const before = headers().length;
            const converted = headers().some((h) => h.docIds[0] === docId);
            const expected = converted
              ? 'DOCUMENT_ALREADY_SELF_BILLED'
              : s.kind === 'convertNote' && status !== 'Valid'
                ? 'BUSINESS_RULE_VIOLATION'
                : null;
            let refused: string | null = null;
            try {
              store.transaction(() => convertToSelfBilled(ctx, [docId]));
            } catch (error) {
              if (!(error instanceof ServiceError)) throw error;
              refused = error.code;
            }
            expect(refused).toBe(expected);
            expect(headers().length).toBe(refused ? before : before + 1);
            if (s.kind === 'convertNote' && !refused) made.notes += 1;
            if (refused === 'BUSINESS_RULE_VIOLATION') made.refusedOnOriginal += 1;
          }
          // The invariant, after every step.
          const original = headers().find((h) => h.hdr_einvoice_type === '11');
          const selfBilledNotes = headers().filter((h) => h.hdr_generic_doc_hdr_server_doc_type in NOTE_TYPE);
          if (selfBilledNotes.length > 0) expect(original?.hdr_submission_status).toBe('Valid');
          expect(new Set(selfBilledNotes.map((h) => h.docIds[0])).size).toBe(selfBilledNotes.length);
          for (const h of selfBilledNotes) {
            expect(h.hdr_einvoice_type).toBe(NOTE_TYPE[h.hdr_generic_doc_hdr_server_doc_type as keyof typeof NOTE_TYPE]);
            expect(h.hdr_original_einvoice_ref_no).toBe(bill.billNumber);
            expect(notes).toContain(h.docIds[0]);
          }
        }
      }),
      { numRuns: 40, seed: 32 },
    );
    // The runs reach both sides of the rule.
    expect(made.notes).toBeGreaterThan(0);
    expect(made.refusedOnOriginal).toBeGreaterThan(0);
  });
});

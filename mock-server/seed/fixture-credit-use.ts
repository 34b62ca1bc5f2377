import { type AtPath, FixtureProblem } from './fixture-problem.js';

/** One side's credit notes as a fixture uses them (MOCK-47): what the file calls each part, and the route functions. */
export interface CreditUseSide<Note> {
  /** The documents' list in the file (`invoices`), the notes' uses (`allocations`) and the field naming a document (`invoice`). */
  list: string;
  uses: string;
  target: string;
  usesOf(note: Note): readonly Record<string, unknown>[] | undefined;
  refundsOf(note: Note): readonly object[] | undefined;
  use(noteId: string, use: Record<string, unknown>, documentId: string): void;
  refund(noteId: string, refund: object): void;
}

/**
 * Each credit note's uses on other documents of the company, named by position in the list, then its refunds:
 * loaded after every document of the list, so a use may name one listed after its own (MOCK-47).
 */
export function loadCreditUse<Note>(
  documents: readonly { creditNotes?: readonly Note[] }[],
  ids: { documents: readonly string[]; creditNotes: readonly (readonly string[])[] },
  path: string,
  at: AtPath,
  side: CreditUseSide<Note>,
): void {
  documents.forEach((document, d) => {
    document.creditNotes?.forEach((note, c) => {
      const notePath = `${path}.${side.list}[${d}].creditNotes[${c}]`;
      side.usesOf(note)?.forEach(({ [side.target]: target, ...use }, u) => {
        at(
          `${notePath}.${side.uses}[${u}]`,
          () => {
            const documentId = ids.documents[target as number];
            if (documentId === undefined) throw new FixtureProblem(`${side.target}: no ${side.list}[${String(target)}] in this company`);
            side.use(ids.creditNotes[d][c], use, documentId);
          },
          // The document it is used on is loaded first, whatever order a plan runs the documents in (MOCK-52).
          [`${path}.${side.list}[${String(target)}]`],
        );
      });
      side.refundsOf(note)?.forEach((refund, r) => {
        at(`${notePath}.refunds[${r}]`, () => side.refund(ids.creditNotes[d][c], refund));
      });
    });
  });
}

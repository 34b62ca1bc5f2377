import { describe, expect, it } from 'vitest';
import { MockClock } from '../../../mock-server/kernel/clock.js';
import { Store, type Change } from '../../../mock-server/store/index.js';

interface Note {
  id: string;
  text: string;
  tag?: string;
}

function setup() {
  const store = new Store(new MockClock('2026-11-02T09:00:00Z'));
  store.defineTable('notes', { prefix: 'note', indexes: ['tag'] });
  const notes = store.table<Note>('cmp_1', 'notes');
  const committed: Change[][] = [];
  store.onCommit((changes) => committed.push(changes));
  return { store, notes, committed };
}

describe('the store', () => {
  it('records every write with its before and after, outside a transaction one at a time', () => {
    const { notes, committed } = setup();
    notes.insert({ id: 'note_1', text: 'a' });
    notes.update('note_1', { text: 'b' });
    notes.delete('note_1');
    expect(committed.map((c) => c.map((w) => [w.before && (w.before as Note).text, w.after && (w.after as Note).text]))).toEqual([
      [[null, 'a']],
      [['a', 'b']],
      [['b', null]],
    ]);
  });

  it('a failed transaction undoes its writes, its index entries and its sequence numbers', () => {
    const { store, notes, committed } = setup();
    notes.insert({ id: 'note_0', text: 'kept', tag: 'x' });
    expect(() =>
      store.transaction(() => {
        store.nextNumber('cmp_1', 'notes');
        notes.insert({ id: 'note_1', text: 'a', tag: 'x' });
        notes.update('note_0', { tag: 'y' });
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(notes.all()).toEqual([{ id: 'note_0', text: 'kept', tag: 'x' }]);
    expect(notes.byIndex('tag', 'x').map((n) => n.id)).toEqual(['note_0']);
    expect(notes.byIndex('tag', 'y')).toEqual([]);
    expect(store.nextNumber('cmp_1', 'notes')).toBe(1);
    expect(committed).toHaveLength(1);
  });

  it('a nested transaction is a savepoint: its failure undoes only its own writes', () => {
    const { store, notes, committed } = setup();
    store.transaction(() => {
      notes.insert({ id: 'note_1', text: 'first' });
      expect(store.nextNumber('cmp_1', 'seq')).toBe(1);
      expect(() =>
        store.transaction(() => {
          expect(store.nextNumber('cmp_1', 'seq')).toBe(2);
          notes.insert({ id: 'note_2', text: 'failed item' });
          throw new Error('item refused');
        }),
      ).toThrow('item refused');
      store.transaction(() => {
        expect(store.nextNumber('cmp_1', 'seq')).toBe(2);
        notes.insert({ id: 'note_3', text: 'third' });
      });
    });
    expect(notes.all().map((n) => n.id)).toEqual(['note_1', 'note_3']);
    expect(committed).toHaveLength(1);
    expect(committed[0].map((c) => c.id)).toEqual(['note_1', 'note_3']);
  });

  it('reset restores the snapshot, including tables first written after it', () => {
    const { store, notes } = setup();
    notes.insert({ id: 'note_1', text: 'seed' });
    const snapshot = store.snapshot();
    notes.update('note_1', { text: 'changed' });
    store.table<Note>('cmp_2', 'notes').insert({ id: 'note_2', text: 'other company' });
    store.restore(snapshot);
    expect(notes.all()).toEqual([{ id: 'note_1', text: 'seed' }]);
    expect(store.table<Note>('cmp_2', 'notes').size).toBe(0);
  });
});

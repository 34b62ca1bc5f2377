import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JournalRing } from '../../../mock-server/kernel/journal-ring.js';

const decode = (head: Uint8Array | null) => (head === null ? null : new TextDecoder().decode(head));

describe('the request journal ring (MOCK-46)', () => {
  it('reads back every slot it holds while slabs are written again', () => {
    // Heads small or near a shared slab's limit, so slabs fill, empty and are written again; each head one letter.
    const size = fc.oneof(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 20_000, max: 120_000 }));
    const command = fc.oneof(
      { weight: 9, arbitrary: fc.record({ slot: fc.nat(15), size: fc.option(size, { freq: 8 }) }) },
      { weight: 1, arbitrary: fc.record({ slot: fc.nat(15), release: fc.constant(true) }) },
    );
    fc.assert(
      fc.property(fc.array(command, { minLength: 150, maxLength: 300 }), (commands) => {
        const ring = new JournalRing(16);
        // The model: what each slot last received, or nothing once released.
        const model = new Map<number, { n: number; head: string | null }>();
        commands.forEach((c, n) => {
          if ('release' in c) {
            ring.release(c.slot);
            model.delete(c.slot);
            return;
          }
          const head = c.size === null ? null : String.fromCharCode(97 + (n % 26)).repeat(c.size);
          ring.write(c.slot, { fields: { n }, head });
          model.set(c.slot, { n, head });
          for (const [slot, kept] of model) {
            const read = ring.read(slot);
            expect(read.fields).toEqual({ n: kept.n });
            expect(decode(read.head)).toBe(kept.head);
          }
        });
      }),
      { numRuns: 25 },
    );
  });

  it('writes its slabs again instead of making new ones as the traffic goes on', () => {
    const ring = new JournalRing(100);
    const head = 'x'.repeat(4_000);
    for (let i = 0; i < 100; i++) ring.write(i, { fields: { i }, head });
    const held = ring.slabCount;
    // Fifty times the ring's contents again: the slabs in use are the ones already made, plus at most one.
    for (let i = 0; i < 5_000; i++) ring.write(i % 100, { fields: { i }, head });
    expect(ring.slabCount).toBeLessThanOrEqual(held + 1);
    expect(ring.read(99).fields).toEqual({ i: 4_999 });
  });

  it('keeps a record too large to share in a buffer of its own, dropped when the slot is released', () => {
    const ring = new JournalRing(4);
    const large = 'é'.repeat(200_000);
    ring.write(0, { fields: { n: 1 }, head: large });
    ring.write(1, { fields: { n: 2 }, head: null });
    expect(decode(ring.read(0).head)).toBe(large);
    expect(ring.read(1).head).toBeNull();
    ring.release(0);
    expect(() => ring.read(0)).toThrow(/holds no entry/);
    expect(ring.slabCount).toBe(1);
  });
});

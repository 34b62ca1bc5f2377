import { describe, expect, it } from 'vitest';
import { contract } from '../../src/contract/index.js';
import { defineModule, MODULES, mockDomain, routes } from '../../mock-server/modules/index.js';
import { moduleList } from '../../mock-server/modules/define.js';
import { SEED_STAGES, seed } from '../../mock-server/seed/index.js';
import { MockClock } from '../../mock-server/kernel/clock.js';
import { Store } from '../../mock-server/store/index.js';
import { specRows } from '../spec-files.js';

const names = MODULES.map((m) => m.name);

describe('the modules (mock-server/modules/, CONTRIBUTING.md "Adding a module")', () => {
  it('are the modules of docs/spec/endpoints.tsv and of the contract, each declared once', () => {
    const next = 'a module of the contract is a defineModule file in mock-server/modules/ and an entry in MODULES';
    expect([...names].sort(), next).toEqual([...new Set(specRows().map((r) => r.module))].sort());
    expect([...names].sort(), next).toEqual(Object.keys(contract).sort());
    expect(new Set(names).size).toBe(names.length);
  });

  it("route each endpoint of their own contract module, and the service's routes are theirs", () => {
    for (const module of MODULES) {
      const declared = Object.values(contract[module.name]).map((e) => e.id);
      const next = `mock-server/modules/${module.name}.ts lists the routes of contract.${module.name}`;
      expect(module.routes.map((r) => r.endpoint.id).sort(), next).toEqual([...declared].sort());
    }
    expect(routes).toEqual(MODULES.flatMap((m) => m.routes));
  });

  it('are listed after the modules each names in `after`; a list that breaks one, or lists one twice, fails', () => {
    for (const [at, module] of MODULES.entries()) {
      for (const before of module.after ?? []) expect(names.indexOf(before), `${module.name} after ${before}`).toBeLessThan(at);
    }
    const [platform, oauth] = MODULES;
    const late = defineModule({ name: 'oauth', after: ['platform'], routes: [] });
    expect(() => moduleList([late, platform])).toThrow('oauth is declared after platform; list platform first');
    expect(() => moduleList([platform, oauth, oauth])).toThrow('MODULES lists oauth twice');
  });

  it('seed at stages of SEED_STAGES, one module a stage', () => {
    const stages = SEED_STAGES.map((s) => s.stage) as string[];
    const held = MODULES.flatMap((m) => (m.seed ?? []).map((step) => step.stage));
    expect(held.every((stage) => stages.includes(stage))).toBe(true);
    expect(new Set(held).size).toBe(held.length);
    const clock = new MockClock('2026-11-20T09:00:00.000Z');
    const store = new Store(clock);
    mockDomain.defineTables(store);
    const steps = [...MODULES.flatMap((m) => m.seed ?? []), { stage: 'ledger' as const, demo: () => {} }];
    expect(() => seed(store, clock, 'demo', steps)).toThrow('seed stage ledger: unknown or held twice');
  });

  it('declare their tables in the list order, so what the tables register keeps its order', () => {
    const clock = new MockClock('2026-11-20T09:00:00.000Z');
    const jumps: string[] = [];
    const onJump = clock.onJump.bind(clock);
    clock.onJump = (listener) => {
      jumps.push(listener.toString());
      return onJump(listener);
    };
    mockDomain.defineTables(new Store(clock));
    // Stock alerts, then report deliveries, the e-invoice portal and the upstream of integrations on each clock move.
    const order = ['checkAllExpiries', 'runDueDeliveries', 'settleAllCompanies', 'emitAllUpstreamActivity'];
    expect(jumps.map((j) => order.find((name) => j.includes(name)))).toEqual(order);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliStart } from '../../mock-server/cli-args.js';
import { requireMsw } from '../../mock-server/http/msw.js';
import { MSW_NODE, nodeTooOld, PACKAGE_NODE } from '../../mock-server/node-version.js';
import { mockManifest } from '../../scripts/mock-manifest.mjs';

// A Node older than a path needs gets one sentence naming the version (decision PLAT-35); the running
// Node is injected, so no old Node is needed to see it.
const NODE_20 = { node: '20.20.2' };
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const mswPkg = JSON.parse(readFileSync(new URL('../../node_modules/msw/package.json', import.meta.url), 'utf8'));
const kyPkg = JSON.parse(readFileSync(new URL('../../node_modules/ky/package.json', import.meta.url), 'utf8'));
const mockPkg = mockManifest(pkg) as { engines: { node: string }; peerDependencies: Record<string, string> };

describe('Node versions that fail clearly', () => {
  it('mock.handlers on Node 20 says in one sentence that msw 3 needs Node 22.12, before msw loads', () => {
    expect(() => requireMsw('msw', 'mock.handlers', NODE_20)).toThrow(
      new Error('mock.handlers needs Node 22.12 or later, as msw 3 does (this is Node 20.20.2).'),
    );
    expect(() => requireMsw('msw/node', 'setupMockServer', { node: '22.11.0' })).toThrow(/^setupMockServer needs Node 22\.12 or later/);
  });

  it('msw loads on a Node that has the version, and under Bun and Deno whatever Node they report', () => {
    expect(requireMsw<{ http: unknown }>('msw', 'mock.handlers', { node: '22.12.0' }).http).toBeDefined();
    expect(nodeTooOld('mock.handlers', MSW_NODE, '', { node: '20.0.0', bun: '1.3.0' })).toBeUndefined();
    expect(nodeTooOld('mock.handlers', MSW_NODE, '', { node: '20.0.0', deno: '2.5.0' })).toBeUndefined();
    expect(nodeTooOld('mock.handlers', MSW_NODE, '', undefined)).toBeUndefined();
    expect(nodeTooOld('mock.handlers', MSW_NODE, '', { node: '24.0.0' })).toBeUndefined();
  });

  it('acs-mock on Node 20 prints one sentence naming Node 22 and exits 1 instead of serving; --help still prints', () => {
    expect(cliStart(['--port', '0'], NODE_20)).toEqual({
      exit: { code: 1, stdout: '', stderr: 'acs-mock: acs-mock needs Node 22 or later (this is Node 20.20.2).\n' },
    });
    expect(cliStart(['--help'], NODE_20)).toMatchObject({ exit: { code: 0 } });
    expect(cliStart(['--port', '0'], { node: '22.0.0' })).toHaveProperty('serve');
  });

  it("the versions checked are the ones both packages' manifests, ky's and msw's state (decision PLAT-44)", () => {
    expect(pkg.engines.node).toBe(`>=${PACKAGE_NODE}`);
    expect(kyPkg.engines.node, 'acs-sdk needs what ky 2 needs').toBe(pkg.engines.node);
    expect(mockPkg.engines.node).toBe(`>=${PACKAGE_NODE}`);
    expect(mswPkg.engines.node).toBe(`>=${MSW_NODE}.0`);
    expect(mockPkg.peerDependencies.msw).toBe(`^${mswPkg.version.split('.')[0]}.0.0`);
  });
});

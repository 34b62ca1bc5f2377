import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codeChallengeS256, createPkcePair, createState } from '../../src/oauth/index.js';
import { InvalidArgumentError } from '../../src/index.js';

describe('PKCE (RFC 7636)', () => {
  it('derives the challenge of RFC 7636 Appendix B from its verifier', async () => {
    expect(await codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes a verifier of 43 unreserved characters and its S256 challenge', async () => {
    const pair = await createPkcePair();
    expect(pair.codeVerifier).toMatch(/^[A-Za-z0-9\-._~]{43}$/);
    expect(pair.codeChallengeMethod).toBe('S256');
    expect(pair.codeChallenge).toBe(await codeChallengeS256(pair.codeVerifier));
    expect(pair.codeChallenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('never makes the same verifier twice', async () => {
    const verifiers = await Promise.all(Array.from({ length: 50 }, async () => (await createPkcePair()).codeVerifier));
    expect(new Set(verifiers).size).toBe(50);
  });

  it('refuses a verifier that is too short or has characters outside the unreserved set', async () => {
    await expect(codeChallengeS256('short')).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(codeChallengeS256(`${'a'.repeat(42)}!`)).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(codeChallengeS256('a'.repeat(129))).rejects.toBeInstanceOf(InvalidArgumentError);
    expect(await codeChallengeS256('a'.repeat(128))).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('makes states of 256 random bits (43 base64url characters), each new', () => {
    const states = Array.from({ length: 50 }, createState);
    for (const state of states) expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(states).size).toBe(50);
  });
});

describe('acs-sdk/oauth', () => {
  it('imports no Node built-in, so it runs in browsers, Deno and edge workers', () => {
    const folder = new URL('../../src/oauth/', import.meta.url);
    // Its own files and the core files they import.
    const files = [
      ...readdirSync(folder).map((f) => new URL(f, folder)),
      ...['core/errors', 'internal/redact', 'core/environments'].map((f) => new URL(`../../src/${f}.ts`, import.meta.url)),
    ];
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      expect(source, file.pathname).not.toMatch(/from ['"](node:|fs|crypto|http|https|buffer|path)['"]/);
      expect(source, file.pathname).not.toMatch(/\bBuffer\.|\bprocess\./);
    }
  });
});

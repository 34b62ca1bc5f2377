import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { createMockService } from '../../../mock-server/index.js';
import { newDataFolder } from './support.js';

describe('the rules of a data folder (MOCK-31)', () => {
  it('a second process on a folder in use is refused, naming the first one’s pid', async () => {
    const data = newDataFolder();
    createMockService({ data, seed: 'empty' }).close();
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    await once(holder, 'spawn');
    try {
      writeFileSync(join(data, 'acs-mock.lock'), String(holder.pid));
      expect(() => createMockService({ data, seed: 'empty' })).toThrow(`in use by another acs-mock (pid ${holder.pid})`);
    } finally {
      holder.kill();
    }
  });

  it('a lock left by a process that is gone is taken over', async () => {
    const data = newDataFolder();
    createMockService({ data, seed: 'empty' }).close();
    const gone = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await once(gone, 'exit');
    writeFileSync(join(data, 'acs-mock.lock'), String(gone.pid));
    const mock = createMockService({ data, seed: 'empty' });
    mock.close();
  });

  it('a folder made by another version of the mock is refused, saying which version made it', () => {
    const data = newDataFolder();
    createMockService({ data, seed: 'empty' }).close();
    const db = new DatabaseSync(join(data, 'acs-mock.db'));
    db.prepare("UPDATE meta SET value = '0.0.1-old' WHERE key = 'mockVersion'").run();
    db.close();
    expect(() => createMockService({ data, seed: 'empty' })).toThrow(/was made by acs-mock 0\.0\.1-old/);
  });

  it('a data option that is not a path is refused with a TypeError', () => {
    expect(() => createMockService({ data: '' })).toThrow(TypeError);
  });
});

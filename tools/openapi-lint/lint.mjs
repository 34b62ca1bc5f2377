// Lints docs/openapi.json with Spectral (spectral:oas, ../../.spectral.yaml) and Redocly (recommended,
// ../../redocly.yaml): fails on any error and on any warning (decision PLAT-42); every operation's
// description comes from its endpoint's `description` in the contract.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name) => fileURLToPath(new URL(`node_modules/.bin/${name}`, import.meta.url));
const document = `${root}docs/openapi.json`;
// No usage reports, no update check: CI runs offline-clean.
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', SCARF_ANALYTICS: 'false' };

/** Runs a linter that prints JSON and exits non-zero on findings; returns what it printed. */
function run(command, args) {
  try {
    return execFileSync(command, args, {
      cwd: root,
      env,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    if (typeof error.stdout === 'string' && error.stdout.trim()) return error.stdout;
    throw error;
  }
}

// Spectral's severities: 0 error, 1 warning, 2 information, 3 hint.
const spectral = JSON.parse(
  run(bin('spectral'), ['lint', document, '--ruleset', `${root}.spectral.yaml`, '--format', 'json', '--quiet']) || '[]',
);
const redocly = JSON.parse(run(bin('redocly'), ['lint', document, '--config', `${root}redocly.yaml`, '--format', 'json']));

const findings = [
  ...spectral.map((p) => ({
    tool: 'spectral',
    rule: p.code,
    severity: p.severity === 0 ? 'error' : 'warning',
    where: p.path.join('.'),
    message: p.message,
  })),
  ...redocly.problems.map((p) => ({
    tool: 'redocly',
    rule: p.ruleId,
    severity: p.severity === 'error' ? 'error' : 'warning',
    where: p.location[0]?.pointer ?? '',
    message: p.message,
  })),
].filter((finding) => finding.severity === 'error' || finding.severity === 'warning');

const failing = findings;
for (const f of failing) console.error(`${f.tool} ${f.severity} ${f.rule} at ${f.where}: ${f.message}`);
const counts = (list) =>
  [...new Set(list.map((f) => `${f.tool} ${f.rule}`))].map((key) => `${list.filter((f) => `${f.tool} ${f.rule}` === key).length} ${key}`);
if (failing.length) {
  console.error(`openapi-lint: ${failing.length} finding(s): ${counts(failing).join(', ')}`);
  process.exit(1);
}
console.log('openapi-lint: docs/openapi.json passes Spectral (spectral:oas) and Redocly (recommended)');

// The sandbox mock on a real port (what `npx acs-mock` runs), driven over HTTP.
import { AcsClient } from 'acs-sdk';
import { startMockServer } from 'acs-mock/node';

export async function main() {
  const running = await startMockServer({ port: 0 }); // port 0: any free port; pass log: console.log for request lines
  try {
    const { baseUrl, apiKey, companyId } = running.credentials;
    const acs = new AcsClient({ apiKey, companyId, baseUrl });
    const company = await acs.company.retrieve();

    // The controls answer on /__mock too, for tests written in any language.
    await fetch(`${running.origin}/__mock/clock/advance`, { method: 'POST', body: JSON.stringify({ days: 1 }) });
    const { data: clock } = (await (await fetch(`${running.origin}/__mock/clock`)).json()) as { data: { now: string } };

    console.log(`${company.name} served at ${baseUrl}; mock clock ${clock.now}`);
    return { company, baseUrl, clock };
  } finally {
    await running.close();
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();

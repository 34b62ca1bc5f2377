// What esm.mjs and cjs.cjs both check, with the AcsClient, createMockService and contract module that `import`
// or `require()` gave them: a call through mock.fetch; `validate: { mode: 'strict', contract }` refusing an
// incomplete response, and the old `validate: 'strict'` refused saying what to write (decision SDK-6). Throws the reason.
export async function useClient(AcsClient, createMockService, contract) {
  const mock = createMockService({ seed: 'empty' });
  const { apiKey, companyId } = mock.credentials;
  const { company } = await new AcsClient({ apiKey, companyId, fetch: mock.fetch }).auth.verify();
  if (company.id !== companyId) throw new Error(`auth.verify() through mock.fetch answered company ${company.id}`);
  const strict = new AcsClient({
    apiKey,
    companyId: 'cmp_1',
    validate: { mode: 'strict', contract },
    maxRetries: 0,
    fetch: incompleteCompany,
  });
  const refused = await strict.company.retrieve().then(
    () => undefined,
    (error) => error,
  );
  if (refused?.name !== 'ResponseValidationError')
    throw new Error(`validate 'strict' did not refuse a company without its fields (${refused})`);
  const old = () => new AcsClient({ apiKey, validate: 'strict' });
  if (!/import \* as contract from 'acs-sdk\/contract'/.test(messageOf(old)))
    throw new Error("validate: 'strict' alone is not refused with the way to write it");
}

/** The message `construct` throws. */
function messageOf(construct) {
  try {
    construct();
  } catch (error) {
    return error.message;
  }
  return '';
}

/** A company answer without the company's fields. */
async function incompleteCompany() {
  const body = { success: true, data: { id: 'cmp_1' }, meta: { timestamp: new Date().toISOString(), requestId: 'req_1' } };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}
